// A frame (cell grid + cursor) and the bytes that take a client's terminal from one frame to the next.

import type { CellGrid } from './cellGrid.js';
import { diffFrames } from './differ.js';
import type { RowChanges } from './rowChanges.js';

export interface FrameCursor {
  x: number;
  y: number;
  visible: boolean;
  /** DECSCUSR Ps: 0 = the terminal's default, 1–6 = blinking/steady block, underline, bar. */
  shape: number;
}

export interface Frame {
  grid: CellGrid;
  cursor: FrameCursor;
}

const CSI = '\x1b[';
const SYNC_BEGIN = `${CSI}?2026h`;
const SYNC_END = `${CSI}?2026l`;
const HIDE_CURSOR = `${CSI}?25l`;
const SHOW_CURSOR = `${CSI}?25h`;
const SGR_RESET = `${CSI}0m`;

/**
 * Bytes that take the outer terminal from `prev` (null: unknown, repaint everything) to `next`,
 * wrapped in synchronized output; '' when neither cells nor cursor changed. `changes` holds the only
 * cells that may differ (see DiffOptions).
 */
export function frameBytes(prev: Frame | null, next: Frame, opts: { trueColor: boolean; changes?: RowChanges }): string {
  const full = prev === null || prev.grid.cols !== next.grid.cols || prev.grid.rows !== next.grid.rows;
  const cells = diffFrames(full ? null : prev.grid, next.grid, { trueColor: opts.trueColor, leavePen: true, changes: opts.changes });
  const was = full ? null : prev.cursor;
  const cursor = next.cursor;
  const moved = was === null || was.x !== cursor.x || was.y !== cursor.y;
  const reshaped = was === null || was.shape !== cursor.shape;
  const shownChanged = was === null || was.visible !== cursor.visible;
  if (cells === '' && !moved && !reshaped && !shownChanged) return '';

  let out = SYNC_BEGIN;
  // Unknown or visible before: hide it so the drawing does not drag a cursor across the screen.
  const hidden = cells !== '' && (was === null || was.visible);
  if (hidden) out += HIDE_CURSOR + cells;
  else out += cells;
  if (cells !== '' || moved) out += cursorPosition(next);
  if (reshaped) out += `${CSI}${Math.max(0, cursor.shape | 0)} q`;
  if (cursor.visible && (hidden || was === null || !was.visible)) out += SHOW_CURSOR;
  else if (!cursor.visible && !hidden && (was === null || was.visible)) out += HIDE_CURSOR;
  return out + SGR_RESET + SYNC_END;
}

/** CUP to the frame's cursor, kept inside the grid. */
function cursorPosition(frame: Frame): string {
  const { cols, rows } = frame.grid;
  const x = Math.max(0, Math.min(cols - 1, frame.cursor.x | 0));
  const y = Math.max(0, Math.min(rows - 1, frame.cursor.y | 0));
  return `${CSI}${y + 1};${x + 1}H`;
}
