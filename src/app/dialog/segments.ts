// A dialog line as styled pieces of text, cut or padded to an exact width so nothing underneath shows through.

import { textWidth } from '../../term/textWidth.js';
import { fitText } from '../fitText.js';

/** What a piece of text is; the component picks its colors. */
export type Tone = 'text' | 'title' | 'caption' | 'installed' | 'missing' | 'hint' | 'value' | 'chosen' | 'disabled' | 'key' | 'caret' | 'placeholder' | 'match' | 'error' | 'warning';

export interface Segment {
  text: string;
  tone: Tone;
}

export const seg = (text: string, tone: Tone = 'text'): Segment => ({ text, tone });

/** Exactly `width` cells: pieces past the edge are dropped, the one on the edge ends in "…". */
export function fitSegments(segments: readonly Segment[], width: number): Segment[] {
  const out: Segment[] = [];
  let used = 0;
  for (const s of segments) {
    const w = textWidth(s.text);
    if (used + w <= width) {
      out.push(s);
      used += w;
      continue;
    }
    const room = width - used;
    if (room > 0) out.push({ text: fitText(s.text, room), tone: s.tone });
    used = width;
    break;
  }
  if (used < width) out.push(seg(' '.repeat(width - used)));
  return out.filter((s) => s.text !== '');
}

export const segmentsText = (segments: readonly Segment[]): string => segments.map((s) => s.text).join('');
