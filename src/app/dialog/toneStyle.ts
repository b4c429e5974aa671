// The colors of each kind of dialog text (add-pane dialog, command palette), on a plain line and on the highlighted (focused) line.

import type { Tone } from './segments.js';

export interface ToneStyle {
  color?: string;
  bold?: boolean;
  dimColor?: boolean;
  inverse?: boolean;
  underline?: boolean;
}

const PLAIN: Record<Tone, ToneStyle> = {
  text: {},
  title: { color: 'cyan', bold: true },
  caption: { color: 'gray' },
  installed: { color: 'green' },
  missing: { color: 'yellow' },
  hint: { color: 'gray' },
  value: { color: 'cyan' },
  chosen: { color: 'cyan', bold: true },
  disabled: { dimColor: true },
  key: { color: 'yellow' },
  caret: { inverse: true },
  placeholder: { color: 'gray' },
  match: { color: 'magentaBright', bold: true },
  error: { color: 'red', bold: true },
  warning: { color: 'yellow', bold: true },
};

/** On the blue highlight, gray and cyan would vanish: everything turns light, states keep their hue. */
const FOCUSED: Record<Tone, ToneStyle> = {
  ...PLAIN,
  text: { color: 'whiteBright', bold: true },
  caption: { color: 'white' },
  installed: { color: 'greenBright' },
  missing: { color: 'yellowBright' },
  hint: { color: 'white' },
  value: { color: 'whiteBright', bold: true },
  chosen: { color: 'whiteBright', bold: true },
  disabled: { color: 'white', dimColor: true },
  key: { color: 'whiteBright', bold: true },
  match: { color: 'yellowBright', bold: true, underline: true },
  error: { color: 'redBright', bold: true },
  warning: { color: 'yellowBright', bold: true },
};

export const FOCUSED_BACKGROUND = 'blue';

export function toneStyle(tone: Tone, focused: boolean): ToneStyle {
  return (focused ? FOCUSED : PLAIN)[tone];
}
