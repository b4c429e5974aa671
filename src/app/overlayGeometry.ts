// Where an overlay sits on screen; the compositor needs it too, to keep panes from drawing over it.

import type { KeyHelpEntry, Rect } from './chromeModel.js';

const MIN_HELP_WIDTH = 40;
/** Border, title and footer rows around the bindings. */
const HELP_FRAME_ROWS = 4;

export function helpKeyColumnWidth(bindings: KeyHelpEntry[]): number {
  return Math.max(4, ...bindings.map((b) => b.keys.length));
}

export function helpOverlayRect(cols: number, rows: number, bindings: KeyHelpEntry[]): Rect {
  const descriptionWidth = Math.max(0, ...bindings.map((b) => b.description.length));
  const width = Math.min(cols, Math.max(MIN_HELP_WIDTH, helpKeyColumnWidth(bindings) + descriptionWidth + 6));
  const height = Math.min(rows, bindings.length + HELP_FRAME_ROWS);
  return { x: Math.max(0, Math.floor((cols - width) / 2)), y: Math.max(0, Math.floor((rows - height) / 2)), width, height };
}

export const HELP_VISIBLE_ROWS = (rect: Rect): number => Math.max(0, rect.height - HELP_FRAME_ROWS);
