// Where the remove / reset confirmation sits: centred, as wide as is useful, as tall as its lines.

import type { Rect } from '../chromeModel.js';
import { dialogRect } from '../dialog/dialogRect.js';
import { confirmLines } from './lines.js';
import type { ConfirmEndState } from './model.js';

/** Wide enough for a workspace path and a permission's warning at 80 columns. */
const PREFERRED_WIDTH = 90;
/** Border and margin columns on each side of a line. */
export const CONFIRM_FRAME_COLS = 4;

export function confirmEndRect(cols: number, rows: number, state: ConfirmEndState): Rect {
  return dialogRect(cols, rows, PREFERRED_WIDTH, (width) => confirmLines(state, width).length, CONFIRM_FRAME_COLS);
}
