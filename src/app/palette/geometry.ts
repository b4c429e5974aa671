// Where the command palette sits: centred near the top, as wide as is useful, as tall as its list.

import type { Rect } from '../chromeModel.js';

const MIN_WIDTH = 30;
const MAX_WIDTH = 96;
/** Border, title and search rows around the list. */
export const PALETTE_FRAME_ROWS = 4;

export function paletteRect(cols: number, rows: number, itemCount: number): Rect {
  const width = Math.min(cols, Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, cols - 8)));
  const height = Math.min(rows, Math.max(PALETTE_FRAME_ROWS + 1, itemCount + PALETTE_FRAME_ROWS));
  return { x: Math.max(0, Math.floor((cols - width) / 2)), y: Math.max(0, Math.floor((rows - height) / 4)), width, height };
}

export const paletteListRows = (rect: Rect): number => Math.max(0, rect.height - PALETTE_FRAME_ROWS);
