// The `theme` setting: the colours of tessera's own chrome (status bar, headers, strip, pills,
// dialogs). A base ("dark" or "light") and, optionally, named roles given other colours. The
// palettes themselves live with the chrome (src/app/theme/); this file only checks what the user
// wrote.

import { InvalidInput, record } from '../protocol/validate.js';

/** What each colour of the chrome is for; a theme gives every role a colour. */
export const THEME_ROLES = [
  /** Secondary text: hints, captions, dividers, dormant workspaces, an unfocused header. */
  'muted',
  /** Titles, values, the merged mark, a starting pane's pill. */
  'accent',
  /** Key names in the help and the dialogs. */
  'key',
  /** Good news: an idle pane, Allow, added lines, an installed agent. */
  'success',
  /** Something to look at: a running pane, the ⚠ of the conflict radar, Abort, a missing agent. */
  'warning',
  /** Bad news: an error, Deny, removed lines. */
  'danger',
  /** A pane that needs you: the approval pill, the question, the "needs you" dot. */
  'attention',
  /** A sleeping agent's pill. */
  'asleep',
  /** The letters a search matched. */
  'match',
  /** Text on a coloured badge or pill. */
  'badgeText',
  /** The badge with the workspace's name in the status bar. */
  'workspaceBadge',
  /** The "needs you" count and the prefix-pending badge. */
  'noticeBadge',
  /** Behind the focused pane's header and the highlighted row of a dialog. */
  'focusBackground',
  /** Text on the focus background. */
  'focusText',
] as const;

export type ThemeRole = (typeof THEME_ROLES)[number];

export const THEME_BASES = ['dark', 'light'] as const;
export type ThemeBase = (typeof THEME_BASES)[number];

export interface ThemeSetting {
  base: ThemeBase;
  /** Roles the user gave a colour of their own. */
  colors: Partial<Record<ThemeRole, string>>;
}

export const DEFAULT_THEME_SETTING: ThemeSetting = { base: 'dark', colors: {} };

/** The terminal's sixteen colours by name; anything else must be `#rrggbb`. */
export const NAMED_COLORS = [
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray',
  'blackBright', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright',
] as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** `"light"`, or `{ "base": "light", "colors": { "accent": "magenta", "focusBackground": "#005f87" } }`. */
export function parseThemeSetting(value: unknown): ThemeSetting {
  if (typeof value === 'string') return { base: themeBase(value), colors: {} };
  const fields = record(value, 'theme');
  for (const key of Object.keys(fields)) {
    if (key !== 'base' && key !== 'colors') throw new InvalidInput(`theme has no '${key}' (it has base and colors)`);
  }
  const base = fields.base === undefined ? 'dark' : themeBase(fields.base);
  const colors: Partial<Record<ThemeRole, string>> = {};
  if (fields.colors !== undefined) {
    for (const [role, color] of Object.entries(record(fields.colors, 'theme.colors'))) {
      if (!(THEME_ROLES as readonly string[]).includes(role)) throw new InvalidInput(`theme.colors has no role '${role}' (roles: ${THEME_ROLES.join(', ')})`);
      colors[role as ThemeRole] = themeColor(color, `theme.colors.${role}`);
    }
  }
  return { base, colors };
}

function themeBase(value: unknown): ThemeBase {
  if (typeof value === 'string' && (THEME_BASES as readonly string[]).includes(value)) return value as ThemeBase;
  throw new InvalidInput(`theme must be "dark", "light" or { "base": …, "colors": { … } }`);
}

function themeColor(value: unknown, what: string): string {
  if (typeof value === 'string' && ((NAMED_COLORS as readonly string[]).includes(value) || HEX_COLOR.test(value))) return value;
  throw new InvalidInput(`${what} must be a colour name (${NAMED_COLORS.join(', ')}) or #rrggbb`);
}
