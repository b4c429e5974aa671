// A pane's screen (or any range of its history) as text, optionally with SGR styling (for `tessera capture-pane`).

import { attrParams } from './attrParams.js';
import { CellGrid, DEFAULT_COLOR } from './cellGrid.js';
import { bgParams, fgParams, underlineColorParams } from './colors.js';
import type { Emulator } from './emulator.js';
import { captureRange, type LineSpec } from './captureRange.js';

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

function styledRow(grid: CellGrid, y: number): string {
  // Trailing cells that are blank and unstyled are dropped, like the plain capture.
  let end = grid.cols;
  while (end > 0) {
    const i = grid.index(end - 1, y);
    if (grid.textAt(i) !== ' ' || grid.fg[i] !== 0 || grid.bg[i] !== 0 || grid.attrs[i] !== 0 || grid.ulColor[i] !== 0) break;
    end--;
  }
  const plain = `${fgParams(0, true)};${bgParams(0, true)}`;
  let out = '';
  let pen = plain;
  for (let x = 0; x < end; x++) {
    const i = grid.index(x, y);
    if (grid.widths[i] === 0) continue;
    let next = `${fgParams(grid.fg[i], true)};${bgParams(grid.bg[i], true)}${attrParams(grid.attrs[i])}`;
    if (grid.ulColor[i] !== DEFAULT_COLOR) next += `;${underlineColorParams(grid.ulColor[i], true)}`;
    if (next !== pen) {
      out += `\x1b[0;${next}m`;
      pen = next;
    }
    out += grid.textAt(i);
  }
  return pen === plain ? out : `${out}\x1b[0m`;
}
