// Where the "add a pane" dialog sits and how its height is shared between title, search, rows and footer.

import type { Rect } from '../chromeModel.js';
import type { AddPaneRow } from './model.js';
import { initialAddPaneState } from './reducer.js';
import { bodyLines } from './rowLines.js';

/** Wide enough at 80 columns for a label, its install state and both selectors on one line. */
const PREFERRED_WIDTH = 78;
/** Room for a dozen rows at 24 lines; taller lists scroll. */
const MAX_HEIGHT = 18;
/** Border, title, search and footer lines around the rows. */
const FRAME_ROWS = 5;
/** Border and padding columns on each side of the text. */
export const ADD_PANE_FRAME_COLS = 4;

/**
 * Centered on the screen. Given the rows on offer, the box is just tall enough for all of them
 * (the search does not shrink it, so it stays still while filtering); without them it takes the most room.
 */
export function addPaneRect(cols: number, rows: number, offered?: readonly AddPaneRow[]): Rect {
  const width = Math.max(0, Math.min(cols, PREFERRED_WIDTH));
  const wanted = offered ? FRAME_ROWS + bodyLines(initialAddPaneState(offered), Math.max(0, width - ADD_PANE_FRAME_COLS)).length : MAX_HEIGHT;
  const height = Math.max(0, Math.min(rows, wanted, MAX_HEIGHT));
  return { x: Math.max(0, Math.floor((cols - width) / 2)), y: Math.max(0, Math.floor((rows - height) / 2)), width, height };
}

/** Which text lines fit inside the border, most needed first: title, search, footer, then the rows. */
export interface AddPaneSections {
  title: boolean;
  search: boolean;
  footer: boolean;
  bodyRows: number;
  innerWidth: number;
}

export function addPaneSections(rect: Rect): AddPaneSections {
  const inner = Math.max(0, rect.height - 2);
  return {
    title: inner >= 1,
    search: inner >= 2,
    footer: inner >= 3,
    bodyRows: Math.max(0, inner - 3),
    innerWidth: Math.max(0, rect.width - ADD_PANE_FRAME_COLS),
  };
}
