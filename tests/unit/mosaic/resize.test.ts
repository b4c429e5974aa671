import { describe, expect, it } from 'vitest';
import { MIN_PANE_COLS, MIN_PANE_ROWS } from '../../../src/limits.js';
import { layoutTree } from '../../../src/mosaic/layout.js';
import { resizePane } from '../../../src/mosaic/resize.js';
import type { LayoutNode, Rect } from '../../../src/mosaic/types.js';
import { area, column, expectExactCover, pane, row } from './trees.js';

const frameOf = (tree: LayoutNode, id: number, bounds: Rect): Rect | undefined =>
  layoutTree(tree, bounds).panes.get(id)?.frame;

function resized(tree: LayoutNode, ...args: Parameters<typeof resizePane> extends [unknown, ...infer R] ? R : never) {
  const result = resizePane(tree, ...args);
  if (!result.ok) throw new Error(result.reason);
  return result.tree;
}

describe('resizePane', () => {
  const bounds = area(81, 30);

  it('moves the divider on the right of a pane by exactly the cells asked', () => {
    const tree = row([pane(1), pane(2)]);
    const wider = resized(tree, 1, 'right', 5, bounds);
    expect(frameOf(wider, 1, bounds)?.width).toBe(45);
    expect(frameOf(wider, 2, bounds)).toEqual({ x: 46, y: 0, width: 35, height: 30 });
    const narrower = resized(tree, 1, 'left', 3, bounds);
    expect(frameOf(narrower, 1, bounds)?.width).toBe(37);
    expectExactCover(layoutTree(narrower, bounds), bounds);
  });

  it('uses the divider on the left when the pane is the last one', () => {
    const tree = row([pane(1), pane(2)]);
    const moved = resized(tree, 2, 'left', 4, bounds);
    expect(frameOf(moved, 2, bounds)?.width).toBe(44);
    expect(frameOf(moved, 1, bounds)?.width).toBe(36);
  });

  it('moves the stacked boundary for up and down', () => {
    const tree = column([pane(1), pane(2)]);
    const taller = resized(tree, 1, 'down', 2, bounds);
    expect(frameOf(taller, 1, bounds)?.height).toBe(17);
    expect(frameOf(taller, 2, bounds)?.height).toBe(13);
  });

  it('finds the nearest ancestor split running the right way', () => {
    const tree = row([pane(1), column([pane(2), pane(3)])]);
    const moved = resized(tree, 3, 'left', 6, bounds);
    expect(frameOf(moved, 2, bounds)?.x).toBe(35);
    expect(frameOf(moved, 3, bounds)?.x).toBe(35);
    expect(frameOf(moved, 1, bounds)?.width).toBe(34);
  });

  it('leaves panes outside the resized split where they were', () => {
    const tree = column([row([pane(1), pane(2)]), pane(3)]);
    const moved = resized(tree, 1, 'right', 7, bounds);
    expect(frameOf(moved, 3, bounds)).toEqual(frameOf(tree, 3, bounds));
  });

  it('moves as far as the minimum allows when asked for more, as tmux does; refuses when it cannot move at all', () => {
    const tree = row([pane(1), pane(2)]); // two panes 40 columns wide
    const spare = 40 - MIN_PANE_COLS;
    const asFarAsItGoes = resized(tree, 1, 'right', spare, bounds);
    expect(resized(tree, 1, 'right', spare + 1, bounds)).toEqual(asFarAsItGoes);
    expect(resized(tree, 1, 'right', 1000, bounds)).toEqual(asFarAsItGoes);
    expect(frameOf(asFarAsItGoes, 2, bounds)?.width).toBe(MIN_PANE_COLS);
    expect(resizePane(asFarAsItGoes, 1, 'right', 1, bounds)).toEqual({
      ok: false,
      reason: `pane 1 cannot be resized right by 1: pane 2 would be ${MIN_PANE_COLS - 1} columns wide, the minimum is ${MIN_PANE_COLS}`,
    });
    const stacked = column([pane(1), pane(2)]); // two frames of 15 rows: 14 rows of content each
    const spareRows = 14 - MIN_PANE_ROWS;
    const highest = resized(stacked, 2, 'up', spareRows, bounds);
    expect(resized(stacked, 2, 'up', spareRows + 5, bounds)).toEqual(highest);
    expect(resizePane(highest, 2, 'up', 2, bounds)).toEqual({
      ok: false,
      reason: `pane 2 cannot be resized up by 2: pane 1 would be ${MIN_PANE_ROWS - 2} rows high, the minimum is ${MIN_PANE_ROWS}`,
    });
  });

  it('refuses when there is nothing to resize against, or the amount is not whole cells', () => {
    expect(resizePane(column([pane(1), pane(2)]), 1, 'left', 1, bounds)).toEqual({
      ok: false,
      reason: 'pane 1 cannot be resized left: no pane beside it',
    });
    expect(resizePane(pane(1), 1, 'down', 1, bounds).ok).toBe(false);
    expect(resizePane(row([pane(1), pane(2)]), 1, 'right', 0, bounds).ok).toBe(false);
    expect(resizePane(row([pane(1), pane(2)]), 1, 'right', 1.5, bounds).ok).toBe(false);
    expect(resizePane(row([pane(1), pane(2)]), 3, 'right', 1, bounds)).toEqual({ ok: false, reason: 'there is no pane 3' });
  });

  it('lets a pane already below the minimum grow', () => {
    const tree = row([pane(1), pane(2)], [1, 9]);
    expect(frameOf(tree, 1, bounds)?.width).toBeLessThan(MIN_PANE_COLS);
    const grown = resized(tree, 1, 'right', 2, bounds);
    expect(frameOf(grown, 1, bounds)?.width).toBe(frameOf(tree, 1, bounds)!.width + 2);
  });
});
