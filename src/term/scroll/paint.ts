// Draws a scroll view's marks over the pane's cells: every search match, the current match, and
// the selection (in reverse video).

import { Attr, paletteColor, type CellGrid } from '../cellGrid.js';
import { comparePoints } from './buffer.js';
import { matchCovers } from './search.js';
import { selectionCovers } from './selection.js';
import type { ScrollView } from './scrollView.js';

const MATCH_FG = paletteColor(0);
const MATCH_BG = paletteColor(3);
const CURRENT_MATCH_BG = paletteColor(208);

/** Marks the view's matches and selection on the w×h pane drawn at (dx, dy) of `grid`. */
export function paintMarks(grid: CellGrid, dx: number, dy: number, w: number, h: number, view: ScrollView): void {
  const selection = view.currentSelection();
  const matches = view.visibleMatches(view.top, view.top + h);
  if (!selection && matches.length === 0) return;
  const cols = Math.min(w, view.buffer.cols, grid.cols - dx);
  for (let row = 0; row < h && dy + row < grid.rows; row++) {
    const line = view.top + row;
    for (let col = 0; col < cols; col++) {
      const point = { line, col };
      const i = grid.index(dx + col, dy + row);
      const match = matches.find((m) => matchCovers(m, point));
      if (match) {
        grid.fg[i] = MATCH_FG;
        grid.bg[i] = comparePoints(match.start, view.cursor) === 0 ? CURRENT_MATCH_BG : MATCH_BG;
      }
      if (selection && selectionCovers(selection, view.buffer.cols, point)) grid.attrs[i] ^= Attr.Inverse;
    }
  }
}
