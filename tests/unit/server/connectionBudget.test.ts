// The limits all connections share: places for connections, and bytes of incomplete frames.

import { describe, expect, it } from 'vitest';
import { ConnectionBudget } from '../../../src/server/connections/connectionBudget.js';

describe('ConnectionBudget', () => {
  it('admits up to the cap and again once a place is released', () => {
    const budget = new ConnectionBudget(2, 100);
    expect([budget.admit(), budget.admit(), budget.admit()]).toEqual([true, true, false]);
    budget.release();
    expect(budget.openConnections).toBe(1);
    expect(budget.admit()).toBe(true);
  });

  it('counts incomplete frames over all connections and says when they pass the budget', () => {
    const budget = new ConnectionBudget(10, 100);
    expect(budget.holdPending(0, 60)).toBe(true);
    expect(budget.holdPending(0, 30)).toBe(true);
    expect(budget.holdPending(30, 50)).toBe(false); // 60 + 50 > 100
    expect(budget.holdPending(60, 0)).toBe(true); // the first frame completed
  });

  it('lets a few refused connections wait to be read, and says when more should be closed at once', () => {
    const budget = new ConnectionBudget(1, 100, 2);
    expect([budget.holdRefused(), budget.holdRefused(), budget.holdRefused()]).toEqual([true, true, false]);
    budget.releaseRefused();
    expect(budget.holdRefused()).toBe(true);
  });
});
