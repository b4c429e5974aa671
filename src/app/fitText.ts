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

/** At most `width` cells of `text`: its end, after "…" when it is cut (for prompts, whose end says what to type). */
export function fitTextStart(text: string, width: number): string {
  if (width <= 0) return '';
  const clusters = graphemes(text);
  const widths: number[] = clusters.map(graphemeWidth);
  if (widths.reduce((sum, w) => sum + w, 0) <= width) return text;
  let used = 1;
  let from = clusters.length;
  while (from > 0 && used + widths[from - 1] <= width) used += widths[--from];
  return `…${clusters.slice(from).join('')}`;
}
