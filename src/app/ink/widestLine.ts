// Ink's `widest-line` for the server's bundle (scripts/build.mjs puts it in place of the package):
// the same answer, remembered across renders. Ink asks it for every text of the chrome on every
// render, and string-width (grapheme segmentation, an emoji pattern) is most of a render's time;
// its first non-ASCII answer alone costs ~30 ms (ICU's segmenter and the emoji pattern load), which
// an attach's first frame paid. Text made only of characters that are one cell each, on their
// own and beside any other (the chrome's dots, lines, arrows and ellipses), is counted directly.

import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import { memo } from './memo.js';

/**
 * Printable ASCII and the symbols, punctuation, box-drawing and Latin-1 characters that
 * string-width counts as one cell, that are no emoji (Extended_Pictographic) and that never join
 * a neighbour in a grapheme cluster, so a text of them is one cell per character
 * (tests/unit/app/chromeOutput.test.ts checks every one against string-width).
 */
export const SINGLE_CELL_TEXT =
  /^[\x20-\x7e\u00a1-\u00a8\u00aa-\u00ac\u00af-\u00ff\u2010-\u2027\u2030-\u203b\u203d-\u2048\u204a-\u205e\u2190-\u2193\u219a-\u21a8\u21ab-\u21ff\u2212\u2500-\u25a9\u25ac-\u25b5\u25b7-\u25bf\u25c1-\u25fa\u25ff]*$/;

export const lineWidth = memo((line) => {
  const text = line.includes('\x1b') || line.includes('\x9b') ? stripAnsi(line) : line;
  return SINGLE_CELL_TEXT.test(text) ? text.length : stringWidth(line);
});

const blockWidth = memo((text) => {
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, lineWidth(line));
  return widest;
});

export default function widestLine(text: string): number {
  return blockWidth(text);
}
