// What a selection covers and the text it copies: a stream of characters ('char'), whole lines
// ('line') or a rectangle of columns ('block').

import { comparePoints, type Point, type ScrollBuffer } from './buffer.js';

export type SelectMode = 'char' | 'line' | 'block';

export interface Selection {
  anchor: Point;
  /** The other end: the copy cursor while selecting. */
  head: Point;
  mode: SelectMode;
}

/** The selection's first and last cell in reading order (for 'line', whole lines; for 'block', the rectangle's corners). */
export function selectionBounds(selection: Selection, cols: number): { start: Point; end: Point } {
  const { anchor, head, mode } = selection;
  if (mode === 'block') {
    return {
      start: { line: Math.min(anchor.line, head.line), col: Math.min(anchor.col, head.col) },
      end: { line: Math.max(anchor.line, head.line), col: Math.max(anchor.col, head.col) },
    };
  }
  const [start, end] = comparePoints(anchor, head) <= 0 ? [anchor, head] : [head, anchor];
  if (mode === 'line') return { start: { line: start.line, col: 0 }, end: { line: end.line, col: cols - 1 } };
  return { start, end };
}

export function selectionCovers(selection: Selection, cols: number, point: Point): boolean {
  const { start, end } = selectionBounds(selection, cols);
  if (point.line < start.line || point.line > end.line) return false;
  if (selection.mode === 'block') return point.col >= start.col && point.col <= end.col;
  return comparePoints(start, point) <= 0 && comparePoints(point, end) <= 0;
}

/**
 * The selected text. Lines end with a newline except where the next line only continues a soft
 * wrap (so a long wrapped line copies as one line); blanks at the end of each line are dropped.
 */
export function selectedText(buffer: ScrollBuffer, selection: Selection): string {
  const { start, end } = selectionBounds(selection, buffer.cols);
  const block = selection.mode === 'block';
  let out = '';
  for (let line = start.line; line <= end.line; line++) {
    const cells = buffer.cells(line);
    const from = block || line === start.line ? start.col : 0;
    const to = block || line === end.line ? end.col : buffer.cols - 1;
    const piece = cells.slice(from, to + 1).join('');
    const continues = !block && line < end.line && buffer.wrapped(line + 1);
    out += continues ? piece : piece.replace(/ +$/, '');
    if (line < end.line && !continues) out += '\n';
  }
  return out;
}
