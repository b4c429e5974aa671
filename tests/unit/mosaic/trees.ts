// Shorthand for building split trees in tests, and a painter that checks every cell has one owner.
import { expect } from 'vitest';
import type { Layout, LayoutNode, Rect } from '../../../src/mosaic/types.js';

export const pane = (paneId: number): LayoutNode => ({ kind: 'pane', paneId });

export const row = (children: LayoutNode[], weights = children.map(() => 1)): LayoutNode => ({
  kind: 'split',
  direction: 'row',
  children,
  weights,
});

export const column = (children: LayoutNode[], weights = children.map(() => 1)): LayoutNode => ({
  kind: 'split',
  direction: 'column',
  children,
  weights,
});

export const area = (width: number, height: number): Rect => ({ x: 0, y: 0, width, height });

/** Paints every header, content and divider into a grid and fails on any cell owned twice or not at all. */
export function expectExactCover(layout: Layout, bounds: Rect): void {
  const owners = new Array<string | undefined>(bounds.width * bounds.height).fill(undefined);
  const paint = (rect: Rect, owner: string): void => {
    for (let y = rect.y; y < rect.y + rect.height; y++) {
      for (let x = rect.x; x < rect.x + rect.width; x++) {
        const inside = x >= bounds.x && y >= bounds.y && x < bounds.x + bounds.width && y < bounds.y + bounds.height;
        if (!inside) expect.fail(`${owner} paints (${x},${y}) outside the area`);
        const i = (y - bounds.y) * bounds.width + (x - bounds.x);
        if (owners[i] !== undefined) expect.fail(`(${x},${y}) is owned by ${owners[i]} and ${owner}`);
        owners[i] = owner;
      }
    }
  };
  for (const [id, rects] of layout.panes) {
    paint(rects.header, `header ${id}`);
    paint(rects.content, `content ${id}`);
  }
  layout.dividers.forEach((divider, i) => paint(divider, `divider ${i}`));
  const orphan = owners.findIndex((owner) => owner === undefined);
  expect(orphan, `cell ${orphan} has no owner`).toBe(-1);
}

/** A small deterministic random source, so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
