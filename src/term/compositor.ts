// Builds one client's screen from the chrome layer and the panes' emulators, and turns it into the
// fewest bytes that bring the client's terminal up to date (via the differ).

import type { IBuffer } from '@xterm/headless';
import { CellGrid } from './cellGrid.js';
import type { Emulator } from './emulator.js';
import { frameBytes, type Frame } from './frame.js';

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
    from: { buffer: IBuffer; top: number };
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

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    this.next = new CellGrid(cols, rows);
    this.chrome = new CellGrid(cols, rows);
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
   * Panes that hold a synchronized-output frame are skipped unless `forceSync` says they waited too long.
   */
  render(panes: PaneView[], cursor: CursorState, options: { trueColor: boolean; isHeld?: (e: Emulator) => boolean }): string {
    if (this.allDirty) this.next.blit(this.chrome, 0, 0, this.cols, this.rows, 0, 0);
    let drewPane = false;
    for (const view of panes) {
      if (!this.allDirty && !this.dirty.has(view.emulator)) continue;
      if (options.isHeld?.(view.emulator) && !this.allDirty) continue;
      const { x, y, width, height } = view.content;
      view.emulator.readInto(this.next, x, y, width, height, view.scrolled?.from);
      view.scrolled?.mark(this.next, x, y, width, height);
      this.dirty.delete(view.emulator);
      drewPane = true;
    }
    if (this.overlay && (drewPane || this.allDirty)) {
      const o = this.overlay;
      this.next.blit(this.chrome, o.x, o.y, o.width, o.height, o.x, o.y);
    }
    if (this.allDirty) {
      // Emulators of panes no longer shown must not stay queued forever.
      this.dirty.clear();
      this.allDirty = false;
    }
    const frame: Frame = { grid: this.next, cursor: { ...cursor } };
    const bytes = frameBytes(this.shown, frame, options);
    if (!this.shown || this.shown.grid.cols !== this.cols || this.shown.grid.rows !== this.rows) {
      this.shown = { grid: new CellGrid(this.cols, this.rows), cursor: frame.cursor };
    }
    this.shown.grid.blit(this.next, 0, 0, this.cols, this.rows, 0, 0);
    this.shown.cursor = frame.cursor;
    return bytes;
  }
}
