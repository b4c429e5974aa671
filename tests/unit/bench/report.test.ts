import { describe, expect, it } from 'vitest';
import { formatSide, renderScenario, summarizeFigure, summarizeScenario, summarizeSide } from '../../../bench/lib/report.js';
import type { RunResult } from '../../../bench/lib/report.js';

const time = { key: 'time', label: 'until the last line shows', unit: 'ms' } as const;
const reference = { nodeStartMs: 130 };

describe('summarizeSide', () => {
  it('keeps one sample per repetition, failures included, and spreads the numbers', () => {
    const runs: RunResult[] = [{ values: { time: 30 } }, { failure: 'timeout', message: 'x' }, { values: { time: 10 } }];
    const side = summarizeSide(runs, 'time');
    expect(side.samples).toEqual([30, 'timeout', 10]);
    expect(side.spread).toEqual({ median: 20, min: 10, max: 30, count: 2 });
  });

  it('counts a figure a run did not produce as missing', () => {
    expect(summarizeSide([{ values: { other: 1 } }, { values: { time: Number.NaN } }], 'time').samples).toEqual(['missing', 'missing']);
  });
});

describe('formatSide', () => {
  it('says how many repetitions failed after the spread', () => {
    const side = summarizeSide([{ values: { time: 2000 } }, { failure: 'timeout', message: '' }], 'time');
    expect(formatSide(side, 'ms')).toBe('2.00 s, 1 timeout');
  });

  it('names the failure when no repetition succeeded', () => {
    const side = summarizeSide(
      [{ failure: 'timeout', message: '' }, { failure: 'skipped', message: '' }],
      'time',
    );
    expect(formatSide(side, 'ms')).toBe('timeout, skipped');
  });

  it('says "not run" for a multiplexer left out', () => {
    expect(formatSide(null, 'ms')).toBe('not run');
  });
});

describe('summarizeFigure', () => {
  it('compares medians and judges the budget', () => {
    const figure = summarizeFigure(
      'throughput',
      time,
      { tessera: [{ values: { time: 900 } }, { values: { time: 1100 } }], tmux: [{ values: { time: 2000 } }] },
      reference,
    );
    expect(figure.ratio).toBe(0.5);
    expect(figure.budget).toBe('faster than tmux');
    expect(figure.verdict).toBe('pass');
  });

  it('has no ratio or verdict when tessera was not run', () => {
    const figure = summarizeFigure('throughput', time, { tessera: null, tmux: [{ values: { time: 2000 } }] }, reference);
    expect(figure.tessera).toBeNull();
    expect(figure.ratio).toBeNull();
    expect(figure.verdict).toBe('n/a');
  });
});

describe('renderScenario', () => {
  it('prints a title, a row per figure and what went wrong', () => {
    const runs = new Map<string, RunResult[]>([
      ['tessera', [{ failure: 'error', message: 'split failed\n    at stack frame' }]],
      ['tmux', [{ values: { time: 480 } }]],
    ]);
    const text = renderScenario(summarizeScenario({ name: 'throughput', figures: [time] }, 'cat 5 MB', 1, runs, reference));
    const lines = text.split('\n');
    expect(lines[0]).toBe('throughput — cat 5 MB (1 repetition)');
    expect(lines[3]).toMatch(/^until the last line shows\s+error\s+480\.0 ms\s+—\s+faster than tmux\s+n\/a$/);
    expect(lines.at(-1)).toBe('  tessera repetition 1: error: split failed');
  });
});
