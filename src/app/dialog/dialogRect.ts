// Where a dialog sits: centred across, a third of the way down, as wide as preferred (or the screen),
// as tall as its lines plus the border (or the screen).

import type { Rect } from '../chromeModel.js';

export function dialogRect(cols: number, rows: number, preferredWidth: number, lineCount: (width: number) => number, frameCols: number): Rect {
  const width = Math.max(0, Math.min(cols, preferredWidth));
  const height = Math.max(0, Math.min(rows, lineCount(Math.max(0, width - frameCols)) + 2));
  return { x: Math.max(0, Math.floor((cols - width) / 2)), y: Math.max(0, Math.floor((rows - height) / 3)), width, height };
}
