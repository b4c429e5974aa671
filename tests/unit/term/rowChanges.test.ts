import { describe, expect, it } from 'vitest';
import { RowChanges } from '../../../src/term/rowChanges.js';

describe('RowChanges', () => {
  it('keeps one span per row that covers every mark, and nothing for rows not marked', () => {
    const changes = new RowChanges(3);
    changes.mark(1, 5, 8);
    changes.mark(1, 2, 3);
    changes.mark(1, 6, 10);
    expect([changes.changed(0), changes.changed(1), changes.changed(2)]).toEqual([false, true, false]);
    expect([changes.from[1], changes.to[1]]).toEqual([2, 10]);
    changes.mark(2, 4, 4); // empty: no change
    changes.mark(7, 0, 1); // outside the screen
    changes.mark(-1, 0, 1);
    expect(changes.changed(2)).toBe(false);
    changes.markRows(0, 9, 40);
    expect([0, 1, 2].map((y) => [changes.from[y], changes.to[y]])).toEqual([[0, 40], [0, 40], [0, 40]]);
    changes.clear();
    expect([0, 1, 2].some((y) => changes.changed(y))).toBe(false);
  });
});
