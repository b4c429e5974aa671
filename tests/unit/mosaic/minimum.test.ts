import { describe, expect, it } from 'vitest';
import { MIN_PANE_COLS, MIN_PANE_ROWS } from '../../../src/limits.js';
import { canSplit, fitsMinimum } from '../../../src/mosaic/minimum.js';
import { area, column, pane, row } from './trees.js';

describe('fitsMinimum', () => {
  it('accepts panes whose content is at least the minimum', () => {
    expect(fitsMinimum(row([pane(1), pane(2)]), area(2 * MIN_PANE_COLS + 1, MIN_PANE_ROWS + 1))).toEqual({ ok: true });
  });

  it('names the first pane that is too small and by how much', () => {
    const verdict = fitsMinimum(row([pane(1), pane(2)]), area(2 * MIN_PANE_COLS, 20));
    expect(verdict).toEqual({
      ok: false,
      reason: `pane 2 is too small (${MIN_PANE_COLS - 1} columns × 19 rows, needs at least ${MIN_PANE_COLS} × ${MIN_PANE_ROWS})`,
    });
  });
});

describe('canSplit', () => {
  it('allows a split that leaves both halves usable', () => {
    expect(canSplit(pane(1), area(2 * MIN_PANE_COLS + 1, 10), 1, 'right')).toEqual({ ok: true });
    expect(canSplit(pane(1), area(20, 2 * (MIN_PANE_ROWS + 1)), 1, 'down')).toEqual({ ok: true });
  });

  it('refuses with the columns needed and the columns the pane has', () => {
    const tree = row([pane(1), pane(3)], [15, 66]);
    expect(canSplit(tree, area(81, 24), 1, 'right')).toEqual({
      ok: false,
      reason: `pane 1 is too small to split right (needs ${2 * MIN_PANE_COLS + 1} columns, has 14)`,
    });
  });

  it('refuses a split down with rows counted including the new header', () => {
    const tree = column([pane(1), pane(2)], [1, 4]);
    expect(canSplit(tree, area(80, 30), 1, 'down')).toEqual({
      ok: false,
      reason: `pane 1 is too small to split down (needs ${2 * (MIN_PANE_ROWS + 1)} rows, has 6)`,
    });
  });

  it('refuses an unknown pane', () => {
    expect(canSplit(pane(1), area(80, 24), 2, 'right')).toEqual({ ok: false, reason: 'there is no pane 2' });
  });
});
