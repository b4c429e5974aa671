// Whether panes keep the smallest usable content size, with a message a user can act on when they do not.
import { MIN_PANE_COLS, MIN_PANE_ROWS } from '../limits.js';
import { layoutTree } from './layout.js';
import { hasPane, paneIds, splitPane } from './tree.js';
import type { LayoutNode, Rect, SplitSide } from './types.js';

export type Verdict = { ok: true } | { ok: false; reason: string };

/** Every pane's content is at least MIN_PANE_COLS × MIN_PANE_ROWS when `tree` fills `area`. */
export function fitsMinimum(tree: LayoutNode, area: Rect): Verdict {
  const panes = layoutTree(tree, area).panes;
  for (const id of paneIds(tree)) {
    const content = panes.get(id)?.content;
    if (content === undefined) continue;
    if (content.width < MIN_PANE_COLS || content.height < MIN_PANE_ROWS) {
      return {
        ok: false,
        reason:
          `pane ${id} is too small (${content.width} columns × ${content.height} rows, ` +
          `needs at least ${MIN_PANE_COLS} × ${MIN_PANE_ROWS})`,
      };
    }
  }
  return { ok: true };
}

/**
 * Whether pane `targetId` can be split toward `side` and leave both halves at least the minimum size.
 * The message counts the target's whole frame: columns including the new divider, rows including the
 * new pane's header.
 */
export function canSplit(tree: LayoutNode, area: Rect, targetId: number, side: SplitSide): Verdict {
  if (!hasPane(tree, targetId)) return { ok: false, reason: `there is no pane ${targetId}` };
  const frame = layoutTree(tree, area).panes.get(targetId)?.frame;
  if (frame === undefined) return { ok: false, reason: `pane ${targetId} is not on screen` };
  const newId = Math.max(...paneIds(tree)) + 1;
  const after = layoutTree(splitPane(tree, targetId, newId, side), area).panes;
  const fits = [targetId, newId].every((id) => {
    const content = after.get(id)?.content;
    return content !== undefined && content.width >= MIN_PANE_COLS && content.height >= MIN_PANE_ROWS;
  });
  if (fits) return { ok: true };

  const across = side === 'right';
  const has = across ? frame.width : frame.height;
  const nominal = across ? 2 * MIN_PANE_COLS + 1 : 2 * (MIN_PANE_ROWS + 1);
  // Rounding can cost a cell on an uneven split; then one more than the pane has is the honest answer.
  const needs = has >= nominal ? has + 1 : nominal;
  const unit = across ? 'columns' : 'rows';
  return { ok: false, reason: `pane ${targetId} is too small to split ${side} (needs ${needs} ${unit}, has ${has})` };
}
