// The shapes every mosaic module shares: the split tree and the rectangles it is laid out into.

/** A rectangle of terminal cells; 0-based integer coordinates. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A leaf of the tree: one pane, known by the id the server gave it. */
export interface PaneNode {
  kind: 'pane';
  paneId: number;
}

/**
 * A split: 'row' puts its children side by side (left → right), 'column' stacks them (top → bottom).
 * `weights[i]` is child i's share of the split; only the ratios matter.
 */
export interface SplitNode {
  kind: 'split';
  direction: 'row' | 'column';
  children: LayoutNode[];
  weights: number[];
}

export type LayoutNode = PaneNode | SplitNode;

/** Where a new pane goes relative to the pane being split. */
export type SplitSide = 'right' | 'down';

/** A direction on screen: for resizing (where the divider moves) and for finding a neighbour. */
export type ScreenDirection = 'left' | 'right' | 'up' | 'down';

/** The three rectangles of one laid-out pane: `frame` is `header` (its top row) plus `content` below. */
export interface PaneRects {
  frame: Rect;
  header: Rect;
  content: Rect;
}

/** The result of laying out a tree: every cell of the area belongs to exactly one header, content or divider. */
export interface Layout {
  panes: Map<number, PaneRects>;
  dividers: Rect[];
}
