// One palette row as styled pieces: the label and description with the matched letters
// highlighted, and the key on the right.

import { textWidth } from '../../term/textWidth.js';
import { fitSegments, seg, type Segment, type Tone } from '../dialog/segments.js';
import type { ShownItem } from './model.js';

export function rowSegments({ item, match }: ShownItem, width: number): Segment[] {
  const keys = item.keys ?? '';
  const keysWidth = keys === '' ? 0 : textWidth(keys) + 1;
  const matched = new Set(match.positions);
  const label = highlighted(item.label, 0, matched, 'text');
  const detail = item.detail ? [seg('  '), ...highlighted(item.detail, item.label.length + 1, matched, 'caption')] : [];
  const left = fitSegments([...label, ...detail], Math.max(0, width - keysWidth));
  return keys === '' ? left : [...left, seg(' '), seg(keys, 'key')];
}

/** `text` cut into runs of matched and unmatched characters; `offset` is its start in the searched text. */
function highlighted(text: string, offset: number, matched: ReadonlySet<number>, tone: Tone): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < text.length; i++) {
    const t: Tone = matched.has(offset + i) ? 'match' : tone;
    const last = out[out.length - 1];
    if (last && last.tone === t) last.text += text[i];
    else out.push(seg(text[i], t));
  }
  return out;
}
