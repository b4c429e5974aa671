import { describe, expect, it } from 'vitest';
import { layoutTree } from '../../../src/mosaic/layout.js';
import { paneInDirection } from '../../../src/mosaic/neighbor.js';
import { area, column, pane, row } from './trees.js';

describe('paneInDirection', () => {
  // ┌───┬───┐
  // │ 1 │ 2 │
  // ├───┴───┤
  // │   3   │
  // ├──┬──┬─┤
  // │4 │5 │6│
  // └──┴──┴─┘
  const tree = column([row([pane(1), pane(2)]), pane(3), row([pane(4), pane(5), pane(6)])]);
  const layout = layoutTree(tree, area(90, 30));

  it('finds the pane across a divider', () => {
    expect(paneInDirection(layout, 1, 'right')).toBe(2);
    expect(paneInDirection(layout, 2, 'left')).toBe(1);
  });

  it('finds stacked panes above and below', () => {
    expect(paneInDirection(layout, 1, 'down')).toBe(3);
    expect(paneInDirection(layout, 5, 'up')).toBe(3);
  });

  it('picks the pane that overlaps most, then the leftmost', () => {
    // 4 and 6 are 29 columns wide, 5 is 30.
    expect(paneInDirection(layout, 3, 'down')).toBe(5);
    // 1 and 2 are both 44 columns wide.
    expect(paneInDirection(layout, 3, 'up')).toBe(1);
    const skewed = layoutTree(column([pane(1), row([pane(2), pane(3)], [1, 3])]), area(80, 20));
    expect(paneInDirection(skewed, 1, 'down')).toBe(3);
  });

  it('among equally near panes, goes back to the one focused most recently, as tmux does', () => {
    // 6 left most recently: from 3, down goes back to it rather than to 5, which overlaps most.
    expect(paneInDirection(layout, 3, 'down', [6, 4])).toBe(6);
    expect(paneInDirection(layout, 3, 'up', [2])).toBe(2);
    // Never focused: as without a history. A nearer pane still wins over a more recent one farther away.
    expect(paneInDirection(layout, 3, 'down', [9])).toBe(5);
    expect(paneInDirection(layout, 1, 'down', [4])).toBe(3);
  });

  it('returns undefined at the edge of the screen', () => {
    expect(paneInDirection(layout, 1, 'left')).toBeUndefined();
    expect(paneInDirection(layout, 1, 'up')).toBeUndefined();
    expect(paneInDirection(layout, 6, 'right')).toBeUndefined();
    expect(paneInDirection(layout, 9, 'right')).toBeUndefined();
  });

  it('finds nothing while a pane is zoomed', () => {
    const zoomed = layoutTree(tree, area(90, 30), { zoomedPaneId: 3 });
    expect(paneInDirection(zoomed, 3, 'up')).toBeUndefined();
  });
});
