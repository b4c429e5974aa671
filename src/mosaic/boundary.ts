// The boundaries between panes that a mouse can drag: a divider column between side-by-side panes,
// or the header row of a pane that sits below another. Found by screen position, moved to one.

import { apportion } from './apportion.js';
import { childFrames, normalizeRect } from './layout.js';
import { moveCut, splitRect, type ResizeResult, type Step } from './resize.js';
import type { LayoutNode, Rect } from './types.js';

/** The boundary after child `index` of the split reached from the root through `path` (child indices). */
export interface Boundary {
  path: number[];
  index: number;
  axis: 'row' | 'column';
}

/** The boundary at cell (x, y) of a tree laid out on `area`, if there is one there. */
export function boundaryAt(tree: LayoutNode, area: Rect, x: number, y: number): Boundary | undefined {
  let node = tree;
  let rect = normalizeRect(area);
  const path: number[] = [];
  while (node.kind === 'split') {
    const frames = childFrames(node, rect);
    const row = node.direction === 'row';
    for (let i = 0; i < frames.length - 1; i++) {
      const on = row
        ? x === frames[i].x + frames[i].width && y >= rect.y && y < rect.y + rect.height
        : y === frames[i + 1].y && x >= rect.x && x < rect.x + rect.width;
      if (on) return { path, index: i, axis: node.direction };
    }
    const inside = frames.findIndex((f) => x >= f.x && x < f.x + f.width && y >= f.y && y < f.y + f.height);
    if (inside < 0) return undefined;
    path.push(inside);
    node = node.children[inside];
    rect = frames[inside];
  }
  return undefined;
}

/**
 * Moves a boundary so the divider column (row splits) or the lower pane's header row (column splits)
 * lands at `position` on screen. Same rules as resizePane: no pane below the minimum size.
 */
export function moveBoundary(tree: LayoutNode, area: Rect, boundary: Boundary, position: number): ResizeResult {
  const steps = stepsAlong(tree, boundary.path);
  if (!steps) return { ok: false, reason: 'the panes changed while dragging' };
  const level = steps.length - 1;
  const split = steps[level].split;
  if (split.direction !== boundary.axis || boundary.index >= split.children.length - 1) {
    return { ok: false, reason: 'the panes changed while dragging' };
  }
  const rect = splitRect(steps, level, area);
  const row = boundary.axis === 'row';
  const cuts = apportion(split.weights, row ? rect.width : rect.height, row ? 1 : 0);
  const current = row ? rect.x + cuts[boundary.index + 1] - 1 : rect.y + cuts[boundary.index + 1];
  if (position === current) return { ok: true, tree };
  return moveCut(tree, steps, level, boundary.index + 1, position - current, area);
}

/** The steps from the root to the split at the end of `path`, with that split as the last step's. */
function stepsAlong(tree: LayoutNode, path: number[]): Step[] | undefined {
  const steps: Step[] = [];
  let node = tree;
  for (const index of path) {
    if (node.kind !== 'split' || index >= node.children.length) return undefined;
    steps.push({ split: node, index });
    node = node.children[index];
  }
  if (node.kind !== 'split') return undefined;
  steps.push({ split: node, index: 0 });
  return steps;
}
