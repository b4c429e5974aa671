// Finding the pane next to another on screen, for moving the focus with arrow keys.
import type { Layout, Rect, ScreenDirection } from './types.js';

/**
 * The pane whose frame lies nearest to pane `fromPaneId` in `direction` and shares some of its span on
 * the other axis; among equally near ones, the one focused most recently (`recent`, most recent first: so
 * left then right comes back to the pane you left, as in tmux), then the one sharing the most, then the
 * topmost / leftmost. Undefined when nothing is there (the focus does not wrap around).
 */
export function paneInDirection(layout: Layout, fromPaneId: number, direction: ScreenDirection, recent: readonly number[] = []): number | undefined {
  const from = layout.panes.get(fromPaneId)?.frame;
  if (from === undefined) return undefined;
  const across = direction === 'left' || direction === 'right';
  /** Lower is more recent; panes never focused come after every remembered one. */
  const recency = (id: number) => {
    const at = recent.indexOf(id);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  let best: { id: number; gap: number; recency: number; overlap: number; start: number } | undefined;
  for (const [id, { frame }] of layout.panes) {
    if (id === fromPaneId || frame.width === 0 || frame.height === 0) continue;
    const gap = distance(from, frame, direction);
    if (gap < 0) continue;
    const overlap = across
      ? span(from.y, from.height, frame.y, frame.height)
      : span(from.x, from.width, frame.x, frame.width);
    if (overlap <= 0) continue;
    const start = across ? frame.y : frame.x;
    const candidate = { id, gap, recency: recency(id), overlap, start };
    if (best === undefined || isBetter(candidate, best)) best = candidate;
  }
  return best?.id;
}

/** Nearer first; then focused more recently; then sharing more of the span; then topmost / leftmost. */
function isBetter(a: { gap: number; recency: number; overlap: number; start: number }, b: { gap: number; recency: number; overlap: number; start: number }): boolean {
  if (a.gap !== b.gap) return a.gap < b.gap;
  if (a.recency !== b.recency) return a.recency < b.recency;
  if (a.overlap !== b.overlap) return a.overlap > b.overlap;
  return a.start < b.start;
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
