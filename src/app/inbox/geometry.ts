// Where the inbox sits: centred, wide enough for a question, as tall as its rows (or the screen).

import type { Rect } from '../chromeModel.js';
import { dialogRect } from '../dialog/dialogRect.js';
import { inboxLineCount } from './lines.js';
import type { InboxState } from './model.js';

/** Room for an agent, a place, an age and a question of ~70 characters. */
const PREFERRED_WIDTH = 110;
/** Border and margin columns on each side of a line. */
export const INBOX_FRAME_COLS = 4;

export function inboxRect(cols: number, rows: number, state: InboxState): Rect {
  return dialogRect(cols, rows, PREFERRED_WIDTH, () => inboxLineCount(state), INBOX_FRAME_COLS);
}
