import { describe, expect, it } from 'vitest';
import { budgetFor, verdict } from '../../../bench/budgets.js';

const reference = { nodeStartMs: 130 };

describe('budget verdicts', () => {
  it('passes a cat that is faster than tmux, and fails one that is not', () => {
    const budget = budgetFor('throughput', 'time');
    expect(verdict(budget, 1800, 2000, reference)).toBe('pass');
    expect(verdict(budget, 2100, 2000, reference)).toBe('FAIL');
  });

  it('wants a small fraction of the bytes tmux writes', () => {
    const budget = budgetFor('throughput', 'outerBytes');
    expect(verdict(budget, 1_000_000, 20_000_000, reference)).toBe('pass');
    expect(verdict(budget, 10_000_000, 20_000_000, reference)).toBe('FAIL');
  });

  it('allows idle p50 up to 1 ms over tmux, and p99 under 5 ms', () => {
    expect(verdict(budgetFor('keystroke', 'idleP50'), 1.2, 0.3, reference)).toBe('pass');
    expect(verdict(budgetFor('keystroke', 'idleP50'), 1.4, 0.3, reference)).toBe('FAIL');
    expect(verdict(budgetFor('keystroke', 'idleP99'), 4.9, null, reference)).toBe('pass');
    expect(verdict(budgetFor('keystroke', 'floodP99'), 25, 3, reference)).toBe('FAIL');
  });

  it('measures attach and a cold start against a bare node start', () => {
    const attach = budgetFor('startup', 'attach');
    expect(verdict(attach, 155, 8, reference)).toBe('pass');
    expect(verdict(attach, 165, 8, reference)).toBe('FAIL');
    expect(verdict(attach, 155, 8, { nodeStartMs: null })).toBe('n/a');
    const cold = budgetFor('startup', 'cold');
    expect(verdict(cold, 425, 20, reference)).toBe('pass');
    expect(verdict(cold, 435, 20, reference)).toBe('FAIL');
  });

  it('cannot judge a figure tessera did not deliver, or a relative budget without tmux', () => {
    expect(verdict(budgetFor('throughput', 'time'), null, 2000, reference)).toBe('n/a');
    expect(verdict(budgetFor('throughput', 'time'), 1800, null, reference)).toBe('n/a');
  });

  it('leaves memory per pane stated, not judged', () => {
    expect(verdict(budgetFor('memory', 'perPane'), 2_000_000, 1_500_000, reference)).toBe('n/a');
  });

  it('has no verdict for a figure without a budget', () => {
    expect(budgetFor('floods', 'time')).toBeUndefined();
    expect(verdict(undefined, 1, 2, reference)).toBe('');
  });
});
