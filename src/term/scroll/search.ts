// Finding text in a scrollback buffer. A soft-wrapped line is searched as one logical line, so a
// match may run across the wrap. A query in lowercase matches any case; one with a capital letter
// matches exactly (smart case, as in vim and less).

import { comparePoints, type Point, type ScrollBuffer } from './buffer.js';

/** One match: its first and last cell (both included). */
export interface Match {
  start: Point;
  end: Point;
}

export function isCaseSensitive(query: string): boolean {
  return query !== query.toLowerCase();
}

/** Every match in lines [from, to) of the buffer, oldest first (logical lines overlapping the range are searched whole). */
export function findMatches(buffer: ScrollBuffer, query: string, from = 0, to = buffer.length): Match[] {
  if (query.length === 0) return [];
  const exact = isCaseSensitive(query);
  const needle = exact ? query : query.toLowerCase();
  const matches: Match[] = [];
  let line = Math.max(0, from);
  while (line > 0 && buffer.wrapped(line)) line--;
  const end = Math.min(to, buffer.length);
  while (line < end) {
    let last = line;
    while (last + 1 < buffer.length && buffer.wrapped(last + 1)) last++;
    searchLogicalLine(buffer, line, last, needle, exact, matches);
    line = last + 1;
  }
  return matches;
}

function searchLogicalLine(buffer: ScrollBuffer, first: number, last: number, needle: string, exact: boolean, out: Match[]): void {
  let joined = '';
  for (let line = first; line <= last; line++) joined += buffer.text(line);
  const haystack = exact ? joined : joined.toLowerCase();
  if (!haystack.includes(needle)) return;
  const cols = buffer.cols;
  // One character per cell (no wide characters, no combining marks): a character's index is its cell.
  if (haystack.length === joined.length && joined.length === (last - first + 1) * cols) {
    const at = (i: number): Point => ({ line: first + Math.floor(i / cols), col: i % cols });
    for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) {
      out.push({ start: at(i), end: at(i + needle.length - 1) });
    }
    return;
  }
  // Otherwise map every character of the text back to its cell.
  let text = '';
  const at: Point[] = [];
  for (let line = first; line <= last; line++) {
    buffer.cells(line).forEach((chars, col) => {
      const piece = exact ? chars : chars.toLowerCase();
      for (let k = 0; k < piece.length; k++) at.push({ line, col });
      text += piece;
    });
  }
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) {
    out.push({ start: at[i], end: at[i + needle.length - 1] });
  }
}

/**
 * The match to go to from `cursor`: the first that starts after it (forward, toward newer output)
 * or before it (backward, toward older output), wrapping around at the ends. `wrapped` says it did.
 */
export function nextMatch(matches: Match[], cursor: Point, forward: boolean): { index: number; wrapped: boolean } | undefined {
  if (matches.length === 0) return undefined;
  if (forward) {
    const index = matches.findIndex((m) => comparePoints(m.start, cursor) > 0);
    return index >= 0 ? { index, wrapped: false } : { index: 0, wrapped: true };
  }
  for (let i = matches.length - 1; i >= 0; i--) {
    if (comparePoints(matches[i].start, cursor) < 0) return { index: i, wrapped: false };
  }
  return { index: matches.length - 1, wrapped: true };
}
