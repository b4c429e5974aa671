// Which pane to split next so both multiplexers end up with the same grid of similar panes.

/**
 * @typedef {object} PaneSize
 * @property {string} id
 * @property {number} cols
 * @property {number} rows
 */

/** A terminal cell is about twice as tall as it is wide; a pane looks wide when cols > 2 × rows. */
const CELL_ASPECT = 2;

/**
 * The largest pane (first one on ties), split across its longer visual side.
 * @param {readonly PaneSize[]} panes
 * @returns {{ id: string, direction: 'right' | 'down' }}
 */
export function choosePaneToSplit(panes) {
  if (panes.length === 0) throw new RangeError('there is no pane to split');
  let largest = panes[0];
  for (const pane of panes) {
    if (pane.cols * pane.rows > largest.cols * largest.rows) largest = pane;
  }
  return { id: largest.id, direction: largest.cols > CELL_ASPECT * largest.rows ? 'right' : 'down' };
}

/**
 * How many lines of `lineWidth` columns a pane of cols × rows must print so that its history of
 * `historyLines` rows is full: every line wraps into ceil(lineWidth / cols) rows.
 * @param {{ cols: number, rows: number, lineWidth: number, historyLines: number, margin: number }} pane
 * @returns {number}
 */
export function linesToFillHistory({ cols, rows, lineWidth, historyLines, margin }) {
  const rowsPerLine = Math.ceil(lineWidth / Math.max(1, cols));
  const rowsNeeded = Math.ceil((historyLines + rows) * (1 + margin));
  return Math.ceil(rowsNeeded / rowsPerLine);
}
