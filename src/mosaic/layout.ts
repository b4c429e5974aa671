// Lays a split tree out on a rectangle of cells: pane frames (header + content) and the dividers between them.
import { apportion } from './apportion.js';
import type { Layout, LayoutNode, PaneRects, Rect, SplitNode } from './types.js';

/**
 * Places every pane of `tree` inside `area`. In a 'row' split a 1-column divider separates neighbours;
 * stacked panes need none (the lower pane's header separates them). With `zoomedPaneId` naming a pane of
 * the tree, only that pane is laid out, over the whole area.
 */
export function layoutTree(tree: LayoutNode, area: Rect, opts?: { zoomedPaneId?: number }): Layout {
  const bounds = normalizeRect(area);
  const layout: Layout = { panes: new Map(), dividers: [] };
  const zoomed = opts?.zoomedPaneId;
  if (zoomed !== undefined && containsPane(tree, zoomed)) {
    layout.panes.set(zoomed, paneRects(bounds));
    return layout;
  }
  place(tree, bounds, layout);
  return layout;
}

/** The frame rect of each child of `split` when the split fills `rect` (the dividers are the gaps between). */
export function childFrames(split: SplitNode, rect: Rect): Rect[] {
  const row = split.direction === 'row';
  const cuts = apportion(split.weights, row ? rect.width : rect.height, row ? 1 : 0);
  const frames: Rect[] = [];
  const last = split.children.length - 1;
  for (let i = 0; i <= last; i++) {
    const slot = cuts[i + 1] - cuts[i];
    const size = row && i < last ? Math.max(0, slot - 1) : slot;
    frames.push(
      row
        ? { x: rect.x + cuts[i], y: rect.y, width: size, height: rect.height }
        : { x: rect.x, y: rect.y + cuts[i], width: rect.width, height: size },
    );
  }
  return frames;
}

/** Splits a pane's frame into its one-row header and the content below it. */
export function paneRects(frame: Rect): PaneRects {
  const headerRows = Math.min(1, frame.height);
  return {
    frame,
    header: { x: frame.x, y: frame.y, width: frame.width, height: headerRows },
    content: { x: frame.x, y: frame.y + headerRows, width: frame.width, height: frame.height - headerRows },
  };
}

function place(node: LayoutNode, rect: Rect, layout: Layout): void {
  if (node.kind === 'pane') {
    layout.panes.set(node.paneId, paneRects(rect));
    return;
  }
  const frames = childFrames(node, rect);
  const last = frames.length - 1;
  for (let i = 0; i <= last; i++) {
    const frame = frames[i];
    place(node.children[i], frame, layout);
    if (node.direction === 'row' && i < last && frame.x + frame.width < frames[i + 1].x) {
      layout.dividers.push({ x: frame.x + frame.width, y: rect.y, width: 1, height: rect.height });
    }
  }
}

function containsPane(node: LayoutNode, paneId: number): boolean {
  if (node.kind === 'pane') return node.paneId === paneId;
  return node.children.some((child) => containsPane(child, paneId));
}

/** Whole, non-negative cell coordinates for an area that may come from a measurement. */
export function normalizeRect(rect: Rect): Rect {
  return {
    x: Math.floor(rect.x),
    y: Math.floor(rect.y),
    width: Math.max(0, Math.floor(rect.width)),
    height: Math.max(0, Math.floor(rect.height)),
  };
}
