// All the lines of one of a pane's two screens as one sequence, oldest first: for the normal screen
// the compact history (lines that scrolled off) followed by what xterm holds (its margin of recent
// history, then the screen); for the alternate screen, xterm's lines alone. What scroll mode,
// search, copy and capture-pane read.

import type { RowChanges } from '../rowChanges.js';
import type { IBuffer, IBufferLine, IBufferNamespace, Terminal as XTerm } from '@xterm/headless';
import { CellGrid } from '../cellGrid.js';
import type { ScrollBuffer } from '../scroll/buffer.js';
import type { HistoryCapture } from './historyCapture.js';

/** Copies `width` columns of an xterm line into row `y` of `grid` from column `dx`. */
export type RowCopier = (line: IBufferLine, grid: CellGrid, dx: number, y: number, width: number) => void;

export class PaneLines implements ScrollBuffer {
  /** One row to decode into for cells() and text(). */
  private scratch = new CellGrid(0, 1);
  /** `terminal.buffer`, kept: xterm's getter is slow (it checks an option through a proxy each call). */
  private readonly buffers: IBufferNamespace;

  constructor(
    private readonly terminal: XTerm,
    readonly kind: 'normal' | 'alternate',
    /** The compact history; only the normal screen has one (absent when xterm keeps it all). */
    private readonly capture: HistoryCapture | undefined,
    private readonly copy: RowCopier,
  ) {
    this.buffers = terminal.buffer;
  }

  private get xterm(): IBuffer {
    return this.kind === 'normal' ? this.buffers.normal : this.buffers.alternate;
  }

  /** Lines in the compact history, before xterm's own. */
  private get stored(): number {
    return this.kind === 'normal' && this.capture ? this.capture.store.length : 0;
  }

  get length(): number {
    return this.stored + this.xterm.length;
  }

  get history(): number {
    return this.stored + this.xterm.baseY;
  }

  get cols(): number {
    return this.terminal.cols;
  }

  /** Lines dropped from the front so far (by the history limit or a clear): how far a view's lines moved. */
  get dropped(): number {
    return this.kind === 'normal' && this.capture ? this.capture.dropped : 0;
  }

  /** Draws line `line` into row `y` of `grid` from column `dx`, `width` columns; blank when there is no such line. */
  readRow(line: number, grid: CellGrid, dx: number, y: number, width: number): void {
    const stored = this.stored;
    if (line >= 0 && line < stored) {
      this.capture!.store.readRow(line, grid, dx, y, width);
      return;
    }
    const row = line >= stored ? this.xterm.getLine(line - stored) : undefined;
    if (row) this.copy(row, grid, dx, y, width);
    else grid.clear(dx, y, width, 1);
  }

  /**
   * Draws lines from `top` on into the w×h rectangle of `grid` at (dx, dy), blank where there is no
   * line; the cells written are marked in `written` (see Emulator.readInto).
   */
  readInto(grid: CellGrid, dx: number, dy: number, w: number, h: number, top: number, written?: RowChanges): void {
    const width = Math.min(w, this.cols, grid.cols - dx);
    for (let row = 0; row < h; row++) {
      const y = dy + row;
      if (y >= grid.rows) break;
      written?.mark(y, dx, Math.min(grid.cols, dx + w));
      const line = top + row;
      if (line < 0 || line >= this.length) {
        grid.clear(dx, y, w, 1);
        continue;
      }
      this.readRow(line, grid, dx, y, width);
      if (width < w) grid.clear(dx + width, y, w - width, 1);
    }
  }

  cells(line: number): string[] {
    const grid = this.row(line);
    const out = new Array<string>(grid.cols);
    for (let x = 0; x < grid.cols; x++) out[x] = grid.textAt(x);
    return out;
  }

  text(line: number): string {
    return this.row(line).rowText(0);
  }

  wrapped(line: number): boolean {
    const stored = this.stored;
    if (line >= 0 && line < stored) return this.capture!.store.wrapped(line);
    return this.xterm.getLine(line - stored)?.isWrapped ?? false;
  }

  private row(line: number): CellGrid {
    if (this.scratch.cols !== this.cols) this.scratch = new CellGrid(this.cols, 1);
    this.readRow(line, this.scratch, 0, 0, this.cols);
    return this.scratch;
  }
}
