// What the outer terminal is sent for one cell's grapheme, so that it draws the glyph at the width the
// pane's emulator gave it. The emulator (xterm.js with Unicode 11 widths, as programs count with
// wcwidth) gives every emoji of a ZWJ sequence its own cells, a VS16 emoji in a one-cell slot one
// cell, a skin-tone modifier its own two cells and each regional indicator of a flag one cell; a
// modern terminal would join the sequence into one glyph, or draw the VS16 emoji two cells wide, or
// join the modifier or the flag to the cell before it, and the row would no longer line up.

const ZERO_WIDTH_JOINER = /\u200d/g;
const EMOJI_PRESENTATION = /\ufe0f/g;

/** The cell's text without joiners, and, in a one-cell slot, without the emoji-presentation selector. */
export function outerGlyph(text: string, cells: 1 | 2): string {
  let glyph = text.replace(ZERO_WIDTH_JOINER, '');
  if (cells === 1) glyph = glyph.replace(EMOJI_PRESENTATION, '');
  return glyph === '' ? ' ' : glyph;
}

/**
 * Skin-tone modifiers (U+1F3FB–1F3FF). A terminal that joins one to the emoji before it (👍🏽 as one
 * two-cell glyph) leaves the modifier's own two cells unwritten: they are erased first, so whichever
 * way the terminal draws it, the pane's four cells show the emoji and nothing stale.
 */
export function isEmojiModifier(code: number): boolean {
  return code >= 0x1f3fb && code <= 0x1f3ff;
}

/** Regional indicators (U+1F1E6–1F1FF): two of them make a flag. */
export function isRegionalIndicator(code: number): boolean {
  return code >= 0x1f1e6 && code <= 0x1f1ff;
}

/**
 * Whether the regional indicator at `x` of a row opens a pair (a flag), counted as a terminal pairs
 * them: from the start of the run of indicators it is in. `codeAt` reads the row's cells.
 */
export function opensFlag(codeAt: (x: number) => number, x: number, cols: number): boolean {
  if (x + 1 >= cols || !isRegionalIndicator(codeAt(x + 1))) return false;
  let before = 0;
  while (x - before - 1 >= 0 && isRegionalIndicator(codeAt(x - before - 1))) before++;
  return before % 2 === 0;
}
