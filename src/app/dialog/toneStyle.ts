// The colors of each kind of dialog text (add-pane dialog, command palette), on a plain line and on the highlighted (focused) line.

import type { Palette } from '../theme/palettes.js';
import type { Tone } from './segments.js';

export interface ToneStyle {
  color?: string;
  bold?: boolean;
  dimColor?: boolean;
  inverse?: boolean;
  underline?: boolean;
}

function plain(p: Palette): Record<Tone, ToneStyle> {
  return {
    text: {},
    title: { color: p.accent, bold: true },
    caption: { color: p.muted },
    installed: { color: p.success },
    missing: { color: p.warning },
    hint: { color: p.muted },
    value: { color: p.accent },
    chosen: { color: p.accent, bold: true },
    disabled: { dimColor: true },
    key: { color: p.key },
    caret: { inverse: true },
    placeholder: { color: p.muted },
    match: { color: p.match, bold: true },
    error: { color: p.danger, bold: true },
    warning: { color: p.warning, bold: true },
  };
}

/** On the focus background, muted and accent colours would vanish: everything turns to the focus text, states keep a bright hue. */
function focused(p: Palette): Record<Tone, ToneStyle> {
  return {
    ...plain(p),
    text: { color: p.focusText, bold: true },
    caption: { color: p.focusText },
    installed: { color: 'greenBright' },
    missing: { color: 'yellowBright' },
    hint: { color: p.focusText },
    value: { color: p.focusText, bold: true },
    chosen: { color: p.focusText, bold: true },
    disabled: { color: p.focusText, dimColor: true },
    key: { color: p.focusText, bold: true },
    match: { color: 'yellowBright', bold: true, underline: true },
    error: { color: 'redBright', bold: true },
    warning: { color: 'yellowBright', bold: true },
  };
}

/** The styles of every tone under one palette, worked out once per palette (a settings change makes a new one). */
const styles = new WeakMap<Palette, { plain: Record<Tone, ToneStyle>; focused: Record<Tone, ToneStyle> }>();

export function toneStyle(tone: Tone, isFocused: boolean, palette: Palette): ToneStyle {
  let known = styles.get(palette);
  if (!known) {
    known = { plain: plain(palette), focused: focused(palette) };
    styles.set(palette, known);
  }
  return (isFocused ? known.focused : known.plain)[tone];
}
