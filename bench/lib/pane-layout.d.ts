// Generated from pane-layout.js by `node bench/tools/emit-types.js`; do not edit.
/**
 * The largest pane (first one on ties), split across its longer visual side.
 * @param {readonly PaneSize[]} panes
 * @returns {{ id: string, direction: 'right' | 'down' }}
 */
export function choosePaneToSplit(panes: readonly PaneSize[]): {
    id: string;
    direction: "right" | "down";
};
/**
 * How many lines of `lineWidth` columns a pane of cols × rows must print so that its history of
 * `historyLines` rows is full: every line wraps into ceil(lineWidth / cols) rows.
 * @param {{ cols: number, rows: number, lineWidth: number, historyLines: number, margin: number }} pane
 * @returns {number}
 */
export function linesToFillHistory({ cols, rows, lineWidth, historyLines, margin }: {
    cols: number;
    rows: number;
    lineWidth: number;
    historyLines: number;
    margin: number;
}): number;
export type PaneSize = {
    id: string;
    cols: number;
    rows: number;
};
