// Where the "new workspace" dialog sits: centred, as wide as is useful, as tall as its lines.

import type { Rect } from '../chromeModel.js';
import { dialogRect } from '../dialog/dialogRect.js';
import { dialogLines } from './lines.js';
import type { NewWorkspaceState } from './model.js';

/** Wide enough at 80 columns for a path, a branch list entry and the bypass warning. */
const PREFERRED_WIDTH = 78;
/** Border and margin columns on each side of a line. */
export const NEW_WORKSPACE_FRAME_COLS = 4;

/** The box for the dialog's lines now; on a short screen the bottom lines are cut (the status line and hints last). */
export function newWorkspaceRect(cols: number, rows: number, state: NewWorkspaceState): Rect {
  return dialogRect(cols, rows, PREFERRED_WIDTH, (width) => dialogLines(state, width).length, NEW_WORKSPACE_FRAME_COLS);
}
