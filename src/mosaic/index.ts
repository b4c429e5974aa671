// The mosaic's public surface: the split tree, its layout on screen, size rules and neighbours.
export type { Layout, LayoutNode, PaneNode, PaneRects, Rect, ScreenDirection, SplitNode, SplitSide } from './types.js';
export { closePane, equalize, hasPane, paneIds, splitPane } from './tree.js';
export { resizePane, type ResizeResult } from './resize.js';
export { parseLayout, MAX_LAYOUT_DEPTH, type ParseLayoutResult } from './parse.js';
export { layoutTree } from './layout.js';
export { canSplit, fitsMinimum, type Verdict } from './minimum.js';
export { paneInDirection } from './neighbor.js';
export { boundaryAt, moveBoundary, type Boundary } from './boundary.js';
export { LAYOUT_PRESETS, nextPreset, presetTree, swapInTree, type LayoutPreset } from './presets.js';
