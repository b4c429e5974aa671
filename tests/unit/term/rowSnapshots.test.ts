import { describe, expect, it } from 'vitest';
import { RowComparison, RowSnapshots } from '../../../src/term/rowSnapshots.js';

const PLACE = { x: 2, y: 3, width: 4, height: 3, cells: 4 };
const words = (...values: number[]) => Uint32Array.from(values);

describe('RowSnapshots', () => {
  it('calls a row unchanged only when it holds the very words remembered for it', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    expect(snapshots.compare(0, words(1, 2, 3), 3, 1) === RowComparison.Same).toBe(false); // never read
    snapshots.remember(0, words(1, 2, 3, 99), 3);
    expect(snapshots.compare(0, words(1, 2, 3), 3, 1) === RowComparison.Same).toBe(true);
    expect(snapshots.compare(0, words(1, 2, 3, 7), 3, 1) === RowComparison.Same).toBe(true); // words past the row's cells do not count
    expect(snapshots.compare(0, words(1, 2, 4), 3, 1) === RowComparison.Same).toBe(false);
    expect(snapshots.compare(0, words(1, 2, 3), 2, 1) === RowComparison.Same).toBe(false); // another width
    expect(snapshots.compare(1, words(1, 2, 3), 3, 1) === RowComparison.Same).toBe(false); // another row
  });

  it('keeps its own copy: a line changed in place afterwards is seen as changed', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    const line = words(5, 6, 7);
    snapshots.remember(2, line, 3);
    line[1] = 60;
    expect(snapshots.compare(2, line, 3, 1) === RowComparison.Same).toBe(false);
  });

  it('forgets a row, every row, or everything when placed elsewhere', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    snapshots.remember(0, words(1), 1);
    snapshots.remember(1, words(2), 1);
    snapshots.forget(0);
    expect(snapshots.compare(0, words(1), 1, 1) === RowComparison.Same).toBe(false);
    expect(snapshots.compare(1, words(2), 1, 1) === RowComparison.Same).toBe(true);

    snapshots.place({ ...PLACE }); // the same place keeps them
    expect(snapshots.compare(1, words(2), 1, 1) === RowComparison.Same).toBe(true);
    for (const moved of [{ x: 3 }, { y: 4 }, { width: 5 }, { height: 4 }, { cells: 3 }]) {
      snapshots.place(PLACE);
      snapshots.remember(1, words(2), 1);
      snapshots.place({ ...PLACE, ...moved });
      expect(snapshots.compare(1, words(2), 1, 1) === RowComparison.Same).toBe(false);
    }

    snapshots.place(PLACE);
    snapshots.remember(1, words(2), 1);
    snapshots.forgetAll();
    snapshots.place(PLACE);
    expect(snapshots.compare(1, words(2), 1, 1) === RowComparison.Same).toBe(false);
  });

  it('tells the span of cells that changed, and asks for the whole row when it has nothing to compare', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    expect(snapshots.compare(0, words(1, 2, 3, 4, 5, 6, 7, 8), 8, 2)).toBe(RowComparison.Whole);
    snapshots.remember(0, words(1, 2, 3, 4, 5, 6, 7, 8), 8);
    expect(snapshots.compare(0, words(1, 2, 3, 4, 5, 6, 7, 8), 8, 2)).toBe(RowComparison.Same);
    // Two words a cell: words 3 and 4 are in cells 1 and 2.
    expect(snapshots.compare(0, words(1, 2, 3, 40, 50, 6, 7, 8), 8, 2)).toBe(RowComparison.Span);
    expect([snapshots.changedFrom, snapshots.changedTo]).toEqual([1, 3]);
    expect(snapshots.compare(0, words(10, 2, 3, 4, 5, 6, 7, 80), 8, 2)).toBe(RowComparison.Span);
    expect([snapshots.changedFrom, snapshots.changedTo]).toEqual([0, 4]);
    expect(snapshots.compare(0, words(1, 2, 3, 4, 5, 6, 70, 8), 8, 2)).toBe(RowComparison.Span);
    expect([snapshots.changedFrom, snapshots.changedTo]).toEqual([3, 4]);
  });

  it('does not remember a row shorter than asked', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    snapshots.remember(0, words(1, 2), 3);
    expect(snapshots.compare(0, words(1, 2, 0), 3, 1) === RowComparison.Same).toBe(false);
  });
});
