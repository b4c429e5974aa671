// Resizing a pane by moving the nearest divider (or stacked boundary) on its side by whole cells.
import { MIN_PANE_COLS, MIN_PANE_ROWS } from '../limits.js';
import { apportion } from './apportion.js';
import { childFrames, layoutTree, normalizeRect } from './layout.js';
import type { LayoutNode, Rect, ScreenDirection, SplitNode } from './types.js';

export type ResizeResult = { ok: true; tree: LayoutNode } | { ok: false; reason: string };

export interface Step {
  split: SplitNode;
  index: number;
}

/**
 * Moves the boundary nearest to pane `paneId` that runs across `direction` by `cells` cells in that
 * direction, like tmux's resize-pane: the boundary after the pane when there is one, else the one before.
 * The split whose boundary moves gets weights equal to its children's new sizes in cells, so the result is
 * exact at this area. Asked for more than there is room for, the boundary moves as far as it can (as
 * tmux's does): until a pane would end up below the minimum content size (a pane already below it may
 * still grow). Refused when it cannot move at all.
 */
export function resizePane(
  tree: LayoutNode,
  paneId: number,
  direction: ScreenDirection,
  cells: number,
  area: Rect,
): ResizeResult {
  if (!Number.isInteger(cells) || cells <= 0) {
    return { ok: false, reason: `resize amount must be a whole number of cells above 0 (got ${cells})` };
  }
  const path = pathTo(tree, paneId);
  if (path === undefined) return { ok: false, reason: `there is no pane ${paneId}` };
  const axis = direction === 'left' || direction === 'right' ? 'row' : 'column';
  let level = path.length - 1;
  while (level >= 0 && path[level].split.direction !== axis) level--;
  if (level < 0) {
    const side = axis === 'row' ? 'beside' : 'above or below';
    return { ok: false, reason: `pane ${paneId} cannot be resized ${direction}: no pane ${side} it` };
  }

  const { split, index } = path[level];
  const cut = index < split.children.length - 1 ? index + 1 : index;
  const sign = direction === 'left' || direction === 'up' ? -1 : 1;
  const moved = moveCut(tree, path, level, cut, sign * cells, area);
  if (moved.ok) return moved;
  // The largest move that fits (a shorter move only leaves the shrinking pane bigger): found by halving.
  let fits = 0;
  let tooFar = cells;
  let best: ResizeResult | undefined;
  while (tooFar - fits > 1) {
    const tried = Math.floor((fits + tooFar) / 2);
    const result = moveCut(tree, path, level, cut, sign * tried, area);
    if (result.ok) [fits, best] = [tried, result];
    else tooFar = tried;
  }
  return best ?? { ok: false, reason: `pane ${paneId} cannot be resized ${direction} by ${cells}: ${moved.reason}` };
}

/** The rectangle the split at path[level] fills when the tree fills `area`. */
export function splitRect(path: Step[], level: number, area: Rect): Rect {
  let rect = normalizeRect(area);
  for (let i = 0; i < level; i++) rect = childFrames(path[i].split, rect)[path[i].index];
  return rect;
}

/**
 * Moves cut `cut` (the boundary before child `cut`) of the split at path[level] by `delta` cells. The
 * split gets weights equal to its children's new sizes in cells, so the result is exact at this area.
 * Refused when a pane would end up below the minimum content size (a pane already below it may grow).
 */
export function moveCut(tree: LayoutNode, path: Step[], level: number, cut: number, delta: number, area: Rect): ResizeResult {
  const rect = splitRect(path, level, area);
  const { split } = path[level];
  const axis = split.direction;
  const extent = axis === 'row' ? rect.width : rect.height;
  const cuts = apportion(split.weights, extent, axis === 'row' ? 1 : 0);
  cuts[cut] += delta;
  const sizes = split.children.map((_, i) => cuts[i + 1] - cuts[i]);
  if (sizes.some((size) => size <= 0)) return { ok: false, reason: 'no room left' };
  // apportion() shares width + 1 columns in a row (the last child's virtual divider): count it back in.
  if (axis === 'row') sizes[sizes.length - 1] += 1;

  const resized = replaceAlong(path, level, { ...split, weights: sizes });
  const tooSmall = shrunkBelowMinimum(tree, resized, area);
  return tooSmall === undefined ? { ok: true, tree: resized } : { ok: false, reason: tooSmall };
}

export function pathTo(tree: LayoutNode, paneId: number): Step[] | undefined {
  if (tree.kind === 'pane') return tree.paneId === paneId ? [] : undefined;
  for (let index = 0; index < tree.children.length; index++) {
    const rest = pathTo(tree.children[index], paneId);
    if (rest !== undefined) return [{ split: tree, index }, ...rest];
  }
  return undefined;
}

/** Rebuilds the tree from the root down to path[level], whose split is replaced by `node`. */
function replaceAlong(path: Step[], level: number, node: SplitNode): LayoutNode {
  let current: LayoutNode = node;
  for (let i = level - 1; i >= 0; i--) {
    const { split, index } = path[i];
    const children = split.children.slice();
    children[index] = current;
    current = { ...split, children };
  }
  return current;
}

function shrunkBelowMinimum(before: LayoutNode, after: LayoutNode, area: Rect): string | undefined {
  const old = layoutTree(before, area).panes;
  for (const [id, rects] of layoutTree(after, area).panes) {
    const was = old.get(id)?.content;
    const now = rects.content;
    if (was === undefined) continue;
    if (now.width < MIN_PANE_COLS && now.width < was.width) {
      return `pane ${id} would be ${now.width} columns wide, the minimum is ${MIN_PANE_COLS}`;
    }
    if (now.height < MIN_PANE_ROWS && now.height < was.height) {
      return `pane ${id} would be ${now.height} rows high, the minimum is ${MIN_PANE_ROWS}`;
    }
  }
  return undefined;
}
