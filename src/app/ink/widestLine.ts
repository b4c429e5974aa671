// Ink's `widest-line` for the server's bundle (scripts/build.mjs puts it in place of the package):
// the same answer, remembered across renders. Ink asks it for every text of the chrome on every
// render, and string-width (grapheme segmentation, an emoji pattern) is most of a render's time.

import stringWidth from 'string-width';
import { memo } from './memo.js';

export const lineWidth = memo((line) => stringWidth(line));

const blockWidth = memo((text) => {
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, lineWidth(line));
  return widest;
});

export default function widestLine(text: string): number {
  return blockWidth(text);
}
