import { describe, expect, it } from 'vitest';
import { RowSnapshots } from '../../../src/term/rowSnapshots.js';

const PLACE = { x: 2, y: 3, width: 4, height: 3, cells: 4 };
const words = (...values: number[]) => Uint32Array.from(values);

describe('RowSnapshots', () => {
  it('calls a row unchanged only when it holds the very words remembered for it', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    expect(snapshots.unchanged(0, words(1, 2, 3), 3)).toBe(false); // never read
    snapshots.remember(0, words(1, 2, 3, 99), 3);
    expect(snapshots.unchanged(0, words(1, 2, 3), 3)).toBe(true);
    expect(snapshots.unchanged(0, words(1, 2, 3, 7), 3)).toBe(true); // words past the row's cells do not count
    expect(snapshots.unchanged(0, words(1, 2, 4), 3)).toBe(false);
    expect(snapshots.unchanged(0, words(1, 2, 3), 2)).toBe(false); // another width
    expect(snapshots.unchanged(1, words(1, 2, 3), 3)).toBe(false); // another row
  });

  it('keeps its own copy: a line changed in place afterwards is seen as changed', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    const line = words(5, 6, 7);
    snapshots.remember(2, line, 3);
    line[1] = 60;
    expect(snapshots.unchanged(2, line, 3)).toBe(false);
  });

  it('forgets a row, every row, or everything when placed elsewhere', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    snapshots.remember(0, words(1), 1);
    snapshots.remember(1, words(2), 1);
    snapshots.forget(0);
    expect(snapshots.unchanged(0, words(1), 1)).toBe(false);
    expect(snapshots.unchanged(1, words(2), 1)).toBe(true);

    snapshots.place({ ...PLACE }); // the same place keeps them
    expect(snapshots.unchanged(1, words(2), 1)).toBe(true);
    for (const moved of [{ x: 3 }, { y: 4 }, { width: 5 }, { height: 4 }, { cells: 3 }]) {
      snapshots.place(PLACE);
      snapshots.remember(1, words(2), 1);
      snapshots.place({ ...PLACE, ...moved });
      expect(snapshots.unchanged(1, words(2), 1)).toBe(false);
    }

    snapshots.place(PLACE);
    snapshots.remember(1, words(2), 1);
    snapshots.forgetAll();
    snapshots.place(PLACE);
    expect(snapshots.unchanged(1, words(2), 1)).toBe(false);
  });

  it('does not remember a row shorter than asked', () => {
    const snapshots = new RowSnapshots();
    snapshots.place(PLACE);
    snapshots.remember(0, words(1, 2), 3);
    expect(snapshots.unchanged(0, words(1, 2, 0), 3)).toBe(false);
  });
});
