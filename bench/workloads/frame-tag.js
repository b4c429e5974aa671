// The frame counter the agent-like workload draws, and how the harness reads it off the screen.

/**
 * The tag a workload shows for frame `frame` of pane `pane`, e.g. "#P2:000123".
 * @param {number} pane
 * @param {number} frame
 * @returns {string}
 */
export function formatFrameTag(pane, frame) {
  return `#P${pane}:${String(frame).padStart(6, '0')}`;
}

const FRAME_TAG = /#P(\d+):(\d{6})/g;

/**
 * Every frame tag visible in `lines`.
 * @param {readonly string[]} lines
 * @returns {{ pane: number, frame: number }[]}
 */
export function findFrameTags(lines) {
  /** @type {{ pane: number, frame: number }[]} */
  const tags = [];
  for (const line of lines) {
    for (const match of line.matchAll(FRAME_TAG)) {
      tags.push({ pane: Number(match[1]), frame: Number(match[2]) });
    }
  }
  return tags;
}
