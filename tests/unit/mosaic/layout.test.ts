import { describe, expect, it } from 'vitest';
import { layoutTree } from '../../../src/mosaic/layout.js';
import { splitPane } from '../../../src/mosaic/tree.js';
import type { LayoutNode } from '../../../src/mosaic/types.js';
import { area, column, expectExactCover, pane, row, seededRandom } from './trees.js';

describe('layoutTree', () => {
  it('gives a single pane the whole area: a header row on top, content below', () => {
    const layout = layoutTree(pane(1), area(80, 24));
    expect(layout.panes.get(1)).toEqual({
      frame: { x: 0, y: 0, width: 80, height: 24 },
      header: { x: 0, y: 0, width: 80, height: 1 },
      content: { x: 0, y: 1, width: 80, height: 23 },
    });
    expect(layout.dividers).toEqual([]);
  });

  it('puts a one-column divider between side-by-side panes', () => {
    const layout = layoutTree(row([pane(1), pane(2)]), area(81, 24));
    expect(layout.panes.get(1)?.frame).toEqual({ x: 0, y: 0, width: 40, height: 24 });
    expect(layout.dividers).toEqual([{ x: 40, y: 0, width: 1, height: 24 }]);
    expect(layout.panes.get(2)?.frame).toEqual({ x: 41, y: 0, width: 40, height: 24 });
  });

  it('stacks panes without a divider: the lower header separates them', () => {
    const layout = layoutTree(column([pane(1), pane(2)]), area(80, 24));
    expect(layout.panes.get(1)?.frame).toEqual({ x: 0, y: 0, width: 80, height: 12 });
    expect(layout.panes.get(2)?.header).toEqual({ x: 0, y: 12, width: 80, height: 1 });
    expect(layout.dividers).toEqual([]);
  });

  it('respects weights', () => {
    const layout = layoutTree(column([pane(1), pane(2)], [3, 1]), area(10, 40));
    expect(layout.panes.get(1)?.frame.height).toBe(30);
    expect(layout.panes.get(2)?.frame.height).toBe(10);
  });

  it('covers every cell exactly once for odd sizes and uneven weights', () => {
    const tree = row([pane(1), column([pane(2), pane(3), pane(4)], [1, 2, 3]), pane(5)], [0.3, 1.7, 1]);
    for (const [width, height] of [
      [1, 1],
      [2, 3],
      [7, 5],
      [80, 24],
      [81, 25],
      [199, 51],
      [333, 97],
    ]) {
      expectExactCover(layoutTree(tree, area(width, height)), area(width, height));
    }
  });

  it('covers the area exactly at an offset origin', () => {
    const bounds = { x: 5, y: 3, width: 61, height: 19 };
    expectExactCover(layoutTree(row([pane(1), column([pane(2), pane(3)])]), bounds), bounds);
  });

  it('sizes along a split sum exactly to the area', () => {
    const tree = row([pane(1), pane(2), pane(3), pane(4), pane(5), pane(6), pane(7)]);
    for (let width = 7; width < 200; width++) {
      const layout = layoutTree(tree, area(width, 10));
      let sum = layout.dividers.length;
      for (const { frame } of layout.panes.values()) sum += frame.width;
      expect(sum).toBe(width);
      const widths = [...layout.panes.values()].map(({ frame }) => frame.width);
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
    }
  });

  it('still gives every cell one owner when the area is far too small', () => {
    const tree = row([pane(1), pane(2), pane(3), pane(4), pane(5)]);
    for (const width of [0, 1, 2, 3, 4, 5]) {
      for (const height of [0, 1, 2]) {
        const layout = layoutTree(tree, area(width, height));
        expect(layout.panes.size).toBe(5);
        expectExactCover(layout, area(width, height));
      }
    }
  });

  it('covers random deep trees exactly', () => {
    const random = seededRandom(42);
    for (let round = 0; round < 200; round++) {
      let tree: LayoutNode = pane(0);
      const count = 1 + Math.floor(random() * 16);
      for (let id = 1; id < count; id++) {
        const target = Math.floor(random() * id);
        tree = splitPane(tree, target, id, random() < 0.5 ? 'right' : 'down');
      }
      const bounds = area(1 + Math.floor(random() * 300), 1 + Math.floor(random() * 100));
      const layout = layoutTree(tree, bounds);
      expect(layout.panes.size).toBe(count);
      expectExactCover(layout, bounds);
    }
  });

  it('a split changes only the target pane: every other pane keeps its rectangles', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 300; round++) {
      let tree: LayoutNode = pane(0);
      const count = 1 + Math.floor(random() * 10);
      for (let id = 1; id < count; id++) {
        tree = splitPane(tree, Math.floor(random() * id), id, random() < 0.5 ? 'right' : 'down');
      }
      const bounds = area(200 + Math.floor(random() * 200), 60 + Math.floor(random() * 60));
      const before = layoutTree(tree, bounds);
      const target = Math.floor(random() * count);
      const after = layoutTree(splitPane(tree, target, count, random() < 0.5 ? 'right' : 'down'), bounds);
      for (const [id, rects] of before.panes) {
        if (id !== target) expect(after.panes.get(id), `pane ${id} moved`).toEqual(rects);
      }
      const targetFrame = before.panes.get(target)?.frame;
      const newFrame = after.panes.get(count)?.frame;
      const union = [after.panes.get(target)?.frame, newFrame];
      expect(union.every((f) => f !== undefined && inside(f, targetFrame))).toBe(true);
    }
  });

  it('lays out only the zoomed pane, over the whole area', () => {
    const tree = row([pane(1), column([pane(2), pane(3)])]);
    const layout = layoutTree(tree, area(100, 30), { zoomedPaneId: 3 });
    expect([...layout.panes.keys()]).toEqual([3]);
    expect(layout.panes.get(3)?.frame).toEqual({ x: 0, y: 0, width: 100, height: 30 });
    expect(layout.dividers).toEqual([]);
    expectExactCover(layout, area(100, 30));
  });

  it('ignores a zoom on a pane that is not in the tree', () => {
    const layout = layoutTree(row([pane(1), pane(2)]), area(100, 30), { zoomedPaneId: 9 });
    expect(layout.panes.size).toBe(2);
  });
});

function inside(inner: { x: number; y: number; width: number; height: number }, outer?: typeof inner): boolean {
  if (outer === undefined) return false;
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}
