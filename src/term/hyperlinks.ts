// OSC 8 hyperlinks as small numbers: cells carry a number, this table knows the target it stands for.
// One table per process, so every pane's links share numbers and a cell grid can hold cells of several panes.

import { MAX_HYPERLINK_BYTES, MAX_HYPERLINKS } from '../limits.js';

/** The number of "no link". */
export const NO_LINK = 0;

interface Hyperlink {
  uri: string;
  /** The program's `id=` parameter (groups cells of one link that are not adjacent), '' when none. */
  id: string;
  /** The OSC 8 sequence that starts this link on the outer terminal. */
  open: string;
}

const byKey = new Map<string, number>();
const links: Hyperlink[] = [{ uri: '', id: '', open: '' }];

/** Control characters and `;`/`:` in an id would end or corrupt the sequence on the outer terminal. */
const UNSAFE_URI = /[\x00-\x1f\x7f-\x9f]/;
const UNSAFE_ID = /[\x00-\x1f\x7f-\x9f;:]/;

/** The number for a link target; NO_LINK when it is unsafe, too long, or the table is full. */
export function internHyperlink(uri: string, id = ''): number {
  const key = `${id}\u0000${uri}`;
  const known = byKey.get(key);
  if (known !== undefined) return known;
  if (uri === '' || Buffer.byteLength(uri) > MAX_HYPERLINK_BYTES || UNSAFE_URI.test(uri) || UNSAFE_ID.test(id)) return NO_LINK;
  if (links.length > MAX_HYPERLINKS) return NO_LINK;
  const n = links.length;
  links.push({ uri, id, open: `\x1b]8;${id === '' ? '' : `id=${id}`};${uri}\x1b\\` });
  byKey.set(key, n);
  return n;
}

/** The bytes that make the outer terminal's following text part of link `n` (or of no link). */
export function hyperlinkSequence(n: number): string {
  return n === NO_LINK ? CLOSE_HYPERLINK : (links[n]?.open ?? CLOSE_HYPERLINK);
}

export function hyperlinkTarget(n: number): { uri: string; id: string } | undefined {
  const link = n === NO_LINK ? undefined : links[n];
  return link && { uri: link.uri, id: link.id };
}

export const CLOSE_HYPERLINK = '\x1b]8;;\x1b\\';
