// Where each pane of a template goes: a list of splits that, done in order on the first pane, give the
// template's layout with its panes in reading order (left to right, top to bottom). Pure.

import type { SplitSide } from '../../mosaic/index.js';
import type { TemplateLayout } from '../../store/workspaceTemplate.js';

/** Pane `index` (of the template) is made by splitting pane `from` (already made) on `side`. */
export interface TemplateSplit {
  index: number;
  from: number;
  side: SplitSide;
}

export function templateSplits(count: number, layout: TemplateLayout = 'tiled'): TemplateSplit[] {
  if (count <= 1) return [];
  switch (layout) {
    case 'columns':
      return chain(1, count - 1, 'right');
    case 'rows':
      return chain(1, count - 1, 'down');
    case 'bottom':
      // The last pane below everything first, then the others side by side above it.
      return [{ index: count - 1, from: 0, side: 'down' }, ...chain(1, count - 2, 'right')];
    case 'tiled': {
      // Two columns; the left one has the first pane (and, from four panes on, half of them).
      const left = Math.floor(count / 2);
      return [{ index: left, from: 0, side: 'right' }, ...chain(1, left - 1, 'down'), ...chain(left + 1, count - 1, 'down')];
    }
  }
}

/** Panes first..last, each split from the one before it. */
function chain(first: number, last: number, side: SplitSide): TemplateSplit[] {
  const splits: TemplateSplit[] = [];
  for (let index = first; index <= last; index++) splits.push({ index, from: index - 1, side });
  return splits;
}
