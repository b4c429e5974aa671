// The split tree of one workspace and the operations that grow, shrink and even it out (all immutable).
import type { LayoutNode, PaneNode, SplitNode, SplitSide } from './types.js';

export type { LayoutNode, PaneNode, SplitNode, SplitSide } from './types.js';
export { resizePane, type ResizeResult } from './resize.js';
export { parseLayout, type ParseLayoutResult } from './parse.js';

/** Every pane id of the tree in reading order (left to right, top to bottom). */
export function paneIds(tree: LayoutNode): number[] {
  const ids: number[] = [];
  collect(tree, ids);
  return ids;
}

export function hasPane(tree: LayoutNode, paneId: number): boolean {
  if (tree.kind === 'pane') return tree.paneId === paneId;
  return tree.children.some((child) => hasPane(child, paneId));
}

/**
 * Opens pane `newId` beside pane `targetId`. If the target's parent already splits that way, the new pane
 * is inserted right after the target and takes half of the target's weight, so no other pane moves;
 * otherwise the target is replaced by a split of [target, new] with equal weights.
 * Throws when the target is missing or `newId` is already used: the caller owns both ids.
 */
export function splitPane(tree: LayoutNode, targetId: number, newId: number, side: SplitSide): LayoutNode {
  if (!hasPane(tree, targetId)) throw new RangeError(`splitPane: there is no pane ${targetId}`);
  if (hasPane(tree, newId)) throw new RangeError(`splitPane: pane ${newId} already exists`);
  const direction = side === 'right' ? 'row' : 'column';
  const fresh: PaneNode = { kind: 'pane', paneId: newId };
  if (tree.kind === 'pane') return { kind: 'split', direction, children: [tree, fresh], weights: [1, 1] };
  return splitInside(tree, targetId, fresh, direction);
}

function splitInside(split: SplitNode, targetId: number, fresh: PaneNode, direction: SplitNode['direction']): SplitNode {
  const children = split.children.slice();
  const weights = split.weights.slice();
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.kind === 'pane') {
      if (child.paneId !== targetId) continue;
      if (split.direction === direction) {
        const half = weights[i] / 2;
        children.splice(i + 1, 0, fresh);
        weights.splice(i, 1, half, half);
      } else {
        children[i] = { kind: 'split', direction, children: [child, fresh], weights: [1, 1] };
      }
      return { ...split, children, weights };
    }
    if (hasPane(child, targetId)) {
      children[i] = splitInside(child, targetId, fresh, direction);
      return { ...split, children, weights };
    }
  }
  return split;
}

/**
 * Removes a pane. Its weight goes to its neighbours (half each when it had two), so panes further away
 * keep their place; a split left with one child is replaced by that child, and a child split running the
 * same way as its new parent is merged into it. Returns undefined when the last pane closes, and the same
 * tree when the pane is not in it (closing twice is harmless).
 */
export function closePane(tree: LayoutNode, paneId: number): LayoutNode | undefined {
  if (tree.kind === 'pane') return tree.paneId === paneId ? undefined : tree;
  if (!hasPane(tree, paneId)) return tree;
  return removeFrom(tree, paneId);
}

function removeFrom(split: SplitNode, paneId: number): LayoutNode {
  const index = split.children.findIndex((child) => hasPane(child, paneId));
  const child = split.children[index];
  const children = split.children.slice();
  const weights = split.weights.slice();
  const replacement = child.kind === 'pane' ? undefined : removeFrom(child, paneId);
  if (replacement === undefined) {
    giveAwayWeight(weights, index);
    children.splice(index, 1);
    weights.splice(index, 1);
    if (children.length === 1) return children[0];
    return { ...split, children, weights };
  }
  if (replacement.kind === 'split' && replacement.direction === split.direction) {
    const total = replacement.weights.reduce((a, b) => a + b, 0);
    const scaled = replacement.weights.map((w) => (w / total) * weights[index]);
    children.splice(index, 1, ...replacement.children);
    weights.splice(index, 1, ...scaled);
  } else {
    children[index] = replacement;
  }
  return { ...split, children, weights };
}

function giveAwayWeight(weights: number[], index: number): void {
  const freed = weights[index];
  const hasBefore = index > 0;
  const hasAfter = index < weights.length - 1;
  if (hasBefore && hasAfter) {
    weights[index - 1] += freed / 2;
    weights[index + 1] += freed / 2;
  } else if (hasBefore) {
    weights[index - 1] += freed;
  } else if (hasAfter) {
    weights[index + 1] += freed;
  }
}

/** Gives every child of every split the same share. */
export function equalize(tree: LayoutNode): LayoutNode {
  if (tree.kind === 'pane') return tree;
  return {
    kind: 'split',
    direction: tree.direction,
    children: tree.children.map(equalize),
    weights: tree.children.map(() => 1),
  };
}

function collect(node: LayoutNode, ids: number[]): void {
  if (node.kind === 'pane') {
    ids.push(node.paneId);
    return;
  }
  for (const child of node.children) collect(child, ids);
}
