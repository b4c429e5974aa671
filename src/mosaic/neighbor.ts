// Finding the pane next to another on screen, for moving the focus with arrow keys.
import type { Layout, Rect, ScreenDirection } from './types.js';

/**
 * The pane whose frame lies nearest to pane `fromPaneId` in `direction` and shares some of its span on
 * the other axis; among equally near ones, the one sharing the most, then the topmost / leftmost.
 * Undefined when nothing is there (the focus does not wrap around).
 */
export function paneInDirection(layout: Layout, fromPaneId: number, direction: ScreenDirection): number | undefined {
  const from = layout.panes.get(fromPaneId)?.frame;
  if (from === undefined) return undefined;
  const across = direction === 'left' || direction === 'right';
  let best: { id: number; gap: number; overlap: number; start: number } | undefined;
  for (const [id, { frame }] of layout.panes) {
    if (id === fromPaneId || frame.width === 0 || frame.height === 0) continue;
    const gap = distance(from, frame, direction);
    if (gap < 0) continue;
    const overlap = across
      ? span(from.y, from.height, frame.y, frame.height)
      : span(from.x, from.width, frame.x, frame.width);
    if (overlap <= 0) continue;
    const start = across ? frame.y : frame.x;
    const better =
      best === undefined ||
      gap < best.gap ||
      (gap === best.gap && (overlap > best.overlap || (overlap === best.overlap && start < best.start)));
    if (better) best = { id, gap, overlap, start };
  }
  return best?.id;
}

/** Cells between `from`'s edge and `to`'s facing edge; negative when `to` is not on that side. */
function distance(from: Rect, to: Rect, direction: ScreenDirection): number {
  switch (direction) {
    case 'right':
      return to.x - (from.x + from.width);
    case 'left':
      return from.x - (to.x + to.width);
    case 'down':
      return to.y - (from.y + from.height);
    case 'up':
      return from.y - (to.y + to.height);
  }
}

function span(a: number, aLength: number, b: number, bLength: number): number {
  return Math.min(a + aLength, b + bLength) - Math.max(a, b);
}
