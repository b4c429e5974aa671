// Layout presets (as tmux's select-layout): the same panes put into a new tree of a known shape.

import type { LayoutNode, PaneNode, SplitNode } from './types.js';

export type LayoutPreset = 'even-horizontal' | 'even-vertical' | 'main-vertical' | 'main-horizontal' | 'tiled';
/** In the order the cycling key goes through them. */
export const LAYOUT_PRESETS: readonly LayoutPreset[] = ['even-horizontal', 'even-vertical', 'main-vertical', 'main-horizontal', 'tiled'];

/** The main pane's share in main-vertical / main-horizontal (the others split the rest). */
const MAIN_WEIGHT = 3;
const REST_WEIGHT = 2;

/** The preset after `current` in LAYOUT_PRESETS (the first when `current` is none of them). */
export function nextPreset(current: LayoutPreset | undefined): LayoutPreset {
  const at = current === undefined ? -1 : LAYOUT_PRESETS.indexOf(current);
  return LAYOUT_PRESETS[(at + 1) % LAYOUT_PRESETS.length];
}

/**
 * `ids` laid out as `preset`, in the order given; the first is the main pane of the main-* presets.
 * Throws on an empty list: a workspace always has a pane.
 */
export function presetTree(preset: LayoutPreset, ids: readonly number[]): LayoutNode {
  if (ids.length === 0) throw new RangeError('presetTree: no panes');
  const leaves = ids.map(leaf);
  if (leaves.length === 1) return leaves[0];
  switch (preset) {
    case 'even-horizontal':
      return even('row', leaves);
    case 'even-vertical':
      return even('column', leaves);
    case 'main-vertical':
      return withMain('row', leaves);
    case 'main-horizontal':
      return withMain('column', leaves);
    case 'tiled':
      return tiled(leaves);
  }
}

function leaf(paneId: number): PaneNode {
  return { kind: 'pane', paneId };
}

function even(direction: SplitNode['direction'], children: LayoutNode[]): LayoutNode {
  return children.length === 1 ? children[0] : { kind: 'split', direction, children, weights: children.map(() => 1) };
}

/** The main pane on one side (left, or top), the others stacked the other way beside it. */
function withMain(direction: SplitNode['direction'], [main, ...rest]: LayoutNode[]): LayoutNode {
  const across = direction === 'row' ? 'column' : 'row';
  return { kind: 'split', direction, children: [main, even(across, rest)], weights: [MAIN_WEIGHT, REST_WEIGHT] };
}

/** Rows of equal panes, as square as it gets: ceil(sqrt(n)) columns, the last row holding what is left. */
function tiled(leaves: LayoutNode[]): LayoutNode {
  const columns = Math.ceil(Math.sqrt(leaves.length));
  const rows: LayoutNode[] = [];
  for (let at = 0; at < leaves.length; at += columns) rows.push(even('row', leaves.slice(at, at + columns)));
  return even('column', rows);
}

/** The tree with panes `a` and `b` trading places (sizes stay with the places). */
export function swapInTree(tree: LayoutNode, a: number, b: number): LayoutNode {
  if (tree.kind === 'pane') return tree.paneId === a ? leaf(b) : tree.paneId === b ? leaf(a) : tree;
  return { ...tree, children: tree.children.map((child) => swapInTree(child, a, b)) };
}
