// A pane's screen (or any range of its history) as text, optionally with SGR styling (for `tessera capture-pane`).

import { CellGrid } from './cellGrid.js';
import type { Emulator } from './emulator.js';
import { captureRange, type LineSpec } from './captureRange.js';
import { styledRow } from './styledRow.js';

export interface CaptureOptions {
  ansi: boolean;
  /** tmux's -S and -E (see captureRange); the visible screen when both are absent. */
  start?: LineSpec;
  end?: LineSpec;
}

export function captureScreen(emulator: Emulator, options: CaptureOptions): string {
  const buffer = emulator.activeLines;
  const { first, last } = captureRange(buffer.history, emulator.rows, options.start, options.end);
  const grid = new CellGrid(emulator.cols, last - first + 1);
  emulator.readInto(grid, 0, 0, grid.cols, grid.rows, { buffer, top: first });
  const lines: string[] = [];
  for (let y = 0; y < grid.rows; y++) lines.push(options.ansi ? styledRow(grid, y) : grid.rowText(y).trimEnd());
  return `${lines.join('\n')}\n`;
}
