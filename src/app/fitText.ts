// Cuts or pads text to an exact number of cells, so chrome rows never wrap or leave gaps.

import { graphemeWidth } from '../term/textWidth.js';
import { graphemes } from '../term/graphemes.js';


export function fitText(text: string, width: number): string {
  if (width <= 0) return '';
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
