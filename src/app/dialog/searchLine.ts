// The search box line: what was typed, then the caret; the start scrolls away when it gets too long.

import { textWidth } from '../../term/textWidth.js';
import { fitSegments, seg, type Segment } from './segments.js';
import { graphemes } from '../../term/graphemes.js';

const PROMPT = 'Search ';
const PLACEHOLDER = ' type to filter';

export function searchLine(search: string, width: number): Segment[] {
  const room = Math.max(0, width - PROMPT.length - 1);
  const shown = tailThatFits(search, room);
  const after = search === '' ? [seg(PLACEHOLDER, 'placeholder')] : [];
  return fitSegments([seg(PROMPT, 'caption'), seg(shown), seg(' ', 'caret'), ...after], width);
}

/** The end of `text` that fits in `width` cells, so the caret stays in view. */
export function tailThatFits(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const clusters = graphemes(text);
  let out = '';
  let used = 1;
  for (let i = clusters.length - 1; i >= 0; i--) {
    const w = textWidth(clusters[i]);
    if (used + w > width) break;
    out = clusters[i] + out;
    used += w;
  }
  return `…${out}`;
}
