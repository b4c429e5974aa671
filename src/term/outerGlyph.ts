// What the outer terminal is sent for one cell's grapheme, so that it draws the glyph at the width the
// pane's emulator gave it. The emulator (xterm.js with Unicode 11 widths) gives every emoji of a ZWJ
// sequence its own cells and a VS16 emoji in a one-cell slot one cell; a modern terminal would join the
// sequence into one glyph, or draw the VS16 emoji two cells wide, and the row would no longer line up.

const ZERO_WIDTH_JOINER = /\u200d/g;
const EMOJI_PRESENTATION = /\ufe0f/g;

/** The cell's text without joiners, and, in a one-cell slot, without the emoji-presentation selector. */
export function outerGlyph(text: string, cells: 1 | 2): string {
  let glyph = text.replace(ZERO_WIDTH_JOINER, '');
  if (cells === 1) glyph = glyph.replace(EMOJI_PRESENTATION, '');
  return glyph === '' ? ' ' : glyph;
}
