// Draws a scroll view's marks over the pane's cells: every search match, the current match, and
// the selection (in reverse video).

import { Attr, paletteColor, type CellGrid } from '../cellGrid.js';
import { comparePoints } from './buffer.js';
import { selectionCovers } from './selection.js';
import type { ScrollView } from './scrollView.js';

const MATCH_FG = paletteColor(0);
const MATCH_BG = paletteColor(3);
const CURRENT_MATCH_BG = paletteColor(208);

const MATCH = 1;
const CURRENT = 2;

/** Marks the view's matches and selection on the w×h pane drawn at (dx, dy) of `grid`. */
export function paintMarks(grid: CellGrid, dx: number, dy: number, w: number, h: number, view: ScrollView): void {
  const selection = view.currentSelection();
  const matches = view.visibleMatches(view.top, view.top + h);
  if (!selection && matches.length === 0) return;
  const cols = Math.min(w, view.buffer.cols, grid.cols - dx);
  const rows = Math.min(h, grid.rows - dy);
  if (cols <= 0 || rows <= 0) return;
  // Each match marks the cells it runs over (reading order, possibly across rows).
  const marks = new Uint8Array(cols * rows);
  for (const match of matches) {
    const kind = comparePoints(match.start, view.cursor) === 0 ? CURRENT : MATCH;
    for (let line = Math.max(match.start.line, view.top); line <= match.end.line && line < view.top + rows; line++) {
      const from = line === match.start.line ? match.start.col : 0;
      const to = Math.min(line === match.end.line ? match.end.col : cols - 1, cols - 1);
      const row = (line - view.top) * cols;
      for (let col = from; col <= to; col++) marks[row + col] = Math.max(marks[row + col], kind);
    }
  }
  for (let row = 0; row < rows; row++) {
    const line = view.top + row;
    for (let col = 0; col < cols; col++) {
      const mark = marks[row * cols + col];
      const i = grid.index(dx + col, dy + row);
      if (mark !== 0) {
        grid.fg[i] = MATCH_FG;
        grid.bg[i] = mark === CURRENT ? CURRENT_MATCH_BG : MATCH_BG;
      }
      if (selection && selectionCovers(selection, view.buffer.cols, { line, col })) grid.attrs[i] ^= Attr.Inverse;
    }
  }
}
