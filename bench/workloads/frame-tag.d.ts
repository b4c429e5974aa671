// Generated from frame-tag.js by `node bench/tools/emit-types.js`; do not edit.
/**
 * The tag a workload shows for frame `frame` of pane `pane`, e.g. "#P2:000123".
 * @param {number} pane
 * @param {number} frame
 * @returns {string}
 */
export function formatFrameTag(pane: number, frame: number): string;
/**
 * Every frame tag visible in `lines`.
 * @param {readonly string[]} lines
 * @returns {{ pane: number, frame: number }[]}
 */
export function findFrameTags(lines: readonly string[]): {
    pane: number;
    frame: number;
}[];
