// Cuts or pads text to an exact number of cells, so chrome rows never wrap or leave gaps.

import { graphemeWidth } from '../term/textWidth.js';
import { graphemes } from '../term/graphemes.js';

/** Printable ASCII only: one cell per character, no segmenting needed (titles and labels, mostly). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function fitText(text: string, width: number): string {
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text)) return text.length <= width ? text + ' '.repeat(width - text.length) : `${text.slice(0, width - 1)}…`;
  let out = '';
  let used = 0;
  const clusters = graphemes(text);
  const total = clusters.reduce((sum, g) => sum + graphemeWidth(g), 0);
  if (total <= width) return text + ' '.repeat(width - total);
  for (const g of clusters) {
    const w = graphemeWidth(g);
    if (used + w > width - 1) break;
    out += g;
    used += w;
  }
  return `${out}…${' '.repeat(width - used - 1)}`;
}
