// A pane's visible screen as text, optionally with SGR styling (for `tessera capture-pane`).

import { Attr, CellGrid } from './cellGrid.js';
import { bgParams, fgParams } from './colors.js';
import type { Emulator } from './emulator.js';

const ATTR_SGR: [number, string][] = [
  [Attr.Bold, '1'],
  [Attr.Dim, '2'],
  [Attr.Italic, '3'],
  [Attr.Underline, '4'],
  [Attr.Blink, '5'],
  [Attr.Inverse, '7'],
  [Attr.Invisible, '8'],
  [Attr.Strikethrough, '9'],
  [Attr.Overline, '53'],
];

export function captureScreen(emulator: Emulator, options: { ansi: boolean }): string {
  const grid = new CellGrid(emulator.cols, emulator.rows);
  emulator.readInto(grid, 0, 0, grid.cols, grid.rows);
  const lines: string[] = [];
  for (let y = 0; y < grid.rows; y++) lines.push(options.ansi ? styledRow(grid, y) : grid.rowText(y).trimEnd());
  return `${lines.join('\n')}\n`;
}

function styledRow(grid: CellGrid, y: number): string {
  // Trailing cells that are blank and unstyled are dropped, like the plain capture.
  let end = grid.cols;
  while (end > 0) {
    const i = grid.index(end - 1, y);
    if (grid.textAt(i) !== ' ' || grid.fg[i] !== 0 || grid.bg[i] !== 0 || grid.attrs[i] !== 0) break;
    end--;
  }
  const plain = `${fgParams(0, true)};${bgParams(0, true)}`;
  let out = '';
  let pen = plain;
  for (let x = 0; x < end; x++) {
    const i = grid.index(x, y);
    if (grid.widths[i] === 0) continue;
    const params = [fgParams(grid.fg[i], true), bgParams(grid.bg[i], true)];
    for (const [flag, sgr] of ATTR_SGR) if (grid.attrs[i] & flag) params.push(sgr);
    const next = params.join(';');
    if (next !== pen) {
      out += `\x1b[0;${next}m`;
      pen = next;
    }
    out += grid.textAt(i);
  }
  return pen === plain ? out : `${out}\x1b[0m`;
}
