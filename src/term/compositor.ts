// Builds one client's screen from the chrome layer and the panes' emulators, and turns it into the
// fewest bytes that bring the client's terminal up to date (via the differ).

import type { PaneLines } from './history/paneLines.js';
import { CellGrid } from './cellGrid.js';
import type { Emulator } from './emulator.js';
import { frameBytes, type Frame } from './frame.js';
import { RowChanges } from './rowChanges.js';
import { RowSnapshots } from './rowSnapshots.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PaneView {
  emulator: Emulator;
  /** Where the pane's screen goes on the client's screen. */
  content: Rect;
  /** A scrolled-back view: other lines than the live screen, with marks drawn over them. */
  scrolled?: {
    from: { buffer: PaneLines; top: number };
    mark(grid: CellGrid, x: number, y: number, width: number, height: number): void;
  };
}

export interface CursorState {
  x: number;
  y: number;
  visible: boolean;
  shape: number;
}

export class Compositor {
  private cols: number;
  private rows: number;
  /** The screen being built; panes that did not change keep their cells from the last frame. */
  private next: CellGrid;
  /** What the client's terminal shows now; null forces a full repaint. */
  private shown: Frame | null = null;
  private chrome: CellGrid;
  private overlay: Rect | undefined;
  private readonly dirty = new Set<Emulator>();
  private allDirty = true;
  /** The cells of `next` written since the last frame, so they may differ from `shown`. */
  private written: RowChanges;
  /** What each pane's rows held when last read into `next` (rows that did not change are not read again). */
  private readonly snapshots = new Map<Emulator, RowSnapshots>();

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    this.next = new CellGrid(cols, rows);
    this.chrome = new CellGrid(cols, rows);
    this.written = new RowChanges(rows);
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.cols, rows: this.rows };
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.next = new CellGrid(cols, rows);
    this.chrome = new CellGrid(cols, rows);
    this.written = new RowChanges(rows);
    this.repaintAll();
  }

  /** New chrome (headers, status bar, overlays); `overlay` is a rectangle that stays on top of panes. */
  setChrome(chrome: CellGrid, overlay?: Rect): void {
    this.chrome = chrome;
    this.overlay = overlay;
    this.allDirty = true;
  }

  markDirty(emulator: Emulator): void {
    this.dirty.add(emulator);
  }

  /** The next frame is drawn from scratch (attach, redraw key, a terminal that may have been garbled). */
  repaintAll(): void {
    this.shown = null;
    this.allDirty = true;
  }

  /** The emulators to read for the next frame; undefined when the whole screen is redrawn. */
  get dirtyPanes(): ReadonlySet<Emulator> | undefined {
    return this.allDirty || this.shown === null ? undefined : this.dirty;
  }

  get hasWork(): boolean {
    return this.allDirty || this.dirty.size > 0 || this.shown === null;
  }

  /**
   * Composes the visible panes and returns the bytes for the client ('' when nothing changed).
   * Panes `isHeld` holds back are not read this time; when `cursorPane` (whose cursor `cursor` is) is
   * one of them, the cursor stays where it was drawn with that pane's cells.
   */
  render(
    panes: PaneView[],
    cursor: CursorState,
    options: { trueColor: boolean; isHeld?: (e: Emulator) => boolean; cursorPane?: Emulator },
  ): string {
    const written = this.written;
    if (this.allDirty) {
      this.next.blit(this.chrome, 0, 0, this.cols, this.rows, 0, 0);
      written.markRows(0, this.rows, this.cols);
      // The chrome covered every pane: each is read in full again (and panes no longer shown are forgotten).
      this.snapshots.clear();
    }
    let drewPane = false;
    for (const view of panes) {
      if (!this.allDirty && !this.dirty.has(view.emulator)) continue;
      if (options.isHeld?.(view.emulator) && !this.allDirty) continue;
      const { x, y, width, height } = view.content;
      view.emulator.readInto(this.next, x, y, width, height, view.scrolled?.from, { snapshots: this.snapshotsOf(view.emulator), written });
      view.scrolled?.mark(this.next, x, y, width, height);
      this.dirty.delete(view.emulator);
      drewPane = true;
    }
    if (this.overlay && (drewPane || this.allDirty)) {
      const o = this.overlay;
      this.next.blit(this.chrome, o.x, o.y, o.width, o.height, o.x, o.y);
      // One cell more on each side: a wide character the overlay cut in half there is blanked (CellGrid.blit).
      for (let y = o.y; y < o.y + o.height; y++) written.mark(y, Math.max(0, o.x - 1), Math.min(this.cols, o.x + o.width + 1));
    }
    if (this.allDirty) {
      // Emulators of panes no longer shown must not stay queued forever.
      this.dirty.clear();
      this.allDirty = false;
    }
    // The cursor belongs to a pane held back this frame: it stays where that pane was last drawn.
    const cursorHeld = options.cursorPane !== undefined && this.shown !== null && this.dirty.has(options.cursorPane);
    const frame: Frame = { grid: this.next, cursor: cursorHeld && this.shown ? this.shown.cursor : { ...cursor } };
    const bytes = frameBytes(this.shown, frame, { trueColor: options.trueColor, changes: written });
    if (!this.shown || this.shown.grid.cols !== this.cols || this.shown.grid.rows !== this.rows) {
      this.shown = { grid: new CellGrid(this.cols, this.rows), cursor: frame.cursor };
      written.markRows(0, this.rows, this.cols);
    }
    copyWrittenCells(this.next, this.shown.grid, written);
    written.clear();
    this.shown.cursor = frame.cursor;
    return bytes;
  }

  private snapshotsOf(emulator: Emulator): RowSnapshots {
    let snapshots = this.snapshots.get(emulator);
    if (!snapshots) {
      snapshots = new RowSnapshots();
      this.snapshots.set(emulator, snapshots);
    }
    return snapshots;
  }
}

/** Copies the written cells of `from` into `to` (same size), a row's span at a time. */
function copyWrittenCells(from: CellGrid, to: CellGrid, written: RowChanges): void {
  for (let y = 0; y < from.rows; y++) {
    if (!written.changed(y)) continue;
    // Whole wide characters: a copy that cut one in half would blank it.
    const row = y * from.cols;
    let x0 = written.from[y];
    let x1 = written.to[y];
    if (x0 > 0 && from.widths[row + x0] === 0) x0--;
    if (x1 < from.cols && from.widths[row + x1 - 1] === 2) x1++;
    to.blit(from, x0, y, x1 - x0, 1, x0, y);
  }
}
