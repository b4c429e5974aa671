// The chrome's two base palettes and the palette a `theme` setting gives. Colours are the
// terminal's own sixteen where possible, so the chrome follows the user's terminal scheme.

import type { ThemeBase, ThemeRole, ThemeSetting } from '../../store/themeSetting.js';

export type Palette = Readonly<Record<ThemeRole, string>>;

const DARK: Palette = {
  muted: 'gray',
  accent: 'cyan',
  key: 'yellow',
  success: 'green',
  warning: 'yellow',
  danger: 'red',
  attention: 'magenta',
  asleep: 'blue',
  match: 'magentaBright',
  badgeText: 'black',
  workspaceBadge: 'green',
  noticeBadge: 'yellow',
  focusBackground: 'blue',
  focusText: 'whiteBright',
};

/** On a light background cyan and bright texts fade: darker hues for text; yellow stays the warning hue (light schemes darken it). */
const LIGHT: Palette = {
  muted: 'blackBright',
  accent: 'blue',
  key: 'magenta',
  success: 'green',
  warning: 'yellow',
  danger: 'red',
  attention: 'magenta',
  asleep: 'blue',
  match: 'magenta',
  badgeText: 'black',
  workspaceBadge: 'greenBright',
  noticeBadge: 'yellowBright',
  focusBackground: 'blue',
  focusText: 'whiteBright',
};

const BASES: Readonly<Record<ThemeBase, Palette>> = { dark: DARK, light: LIGHT };

export const DARK_PALETTE = DARK;

/** The base's palette with the user's own colours over it. */
export function paletteOf(setting: ThemeSetting): Palette {
  return { ...BASES[setting.base], ...setting.colors };
}
