// Where the "new workspace" dialog sits: centred, as wide as is useful, as tall as its lines.

import type { Rect } from '../chromeModel.js';
import { dialogLines } from './lines.js';
import type { NewWorkspaceState } from './model.js';

/** Wide enough at 80 columns for a path, a branch list entry and the bypass warning. */
const PREFERRED_WIDTH = 78;
/** Border and margin columns on each side of a line. */
export const NEW_WORKSPACE_FRAME_COLS = 4;

/** The box for the dialog's lines now; on a short screen the bottom lines are cut (the status line and hints last). */
export function newWorkspaceRect(cols: number, rows: number, state: NewWorkspaceState): Rect {
  const width = Math.max(0, Math.min(cols, PREFERRED_WIDTH));
  const lines = dialogLines(state, Math.max(0, width - NEW_WORKSPACE_FRAME_COLS)).length;
  const height = Math.max(0, Math.min(rows, lines + 2));
  return { x: Math.max(0, Math.floor((cols - width) / 2)), y: Math.max(0, Math.floor((rows - height) / 3)), width, height };
}
