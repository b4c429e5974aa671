import { describe, expect, it } from 'vitest';
import { choosePaneToSplit, linesToFillHistory } from '../../../bench/lib/pane-layout.js';

describe('choosePaneToSplit', () => {
  it('splits a wide pane to the right and a tall one down', () => {
    expect(choosePaneToSplit([{ id: 'a', cols: 200, rows: 49 }])).toEqual({ id: 'a', direction: 'right' });
    expect(choosePaneToSplit([{ id: 'a', cols: 60, rows: 49 }])).toEqual({ id: 'a', direction: 'down' });
  });

  it('splits the largest pane, the first of equals', () => {
    const panes = [
      { id: 'a', cols: 50, rows: 24 },
      { id: 'b', cols: 100, rows: 24 },
      { id: 'c', cols: 100, rows: 24 },
    ];
    expect(choosePaneToSplit(panes).id).toBe('b');
  });

  it('turns a 200×49 screen into a 4×2 grid after 8 panes', () => {
    let panes = [{ id: '0', cols: 200, rows: 49 }];
    for (let count = 1; count < 8; count += 1) {
      const { id, direction } = choosePaneToSplit(panes);
      const target = panes.find((pane) => pane.id === id)!;
      const half =
        direction === 'right'
          ? { cols: Math.floor((target.cols - 1) / 2), rows: target.rows }
          : { cols: target.cols, rows: Math.floor((target.rows - 1) / 2) };
      panes = panes.map((pane) => (pane.id === id ? { ...pane, ...half } : pane));
      panes.push({ id: String(count), ...half });
    }
    expect(new Set(panes.map((pane) => `${pane.cols}×${pane.rows}`))).toEqual(new Set(['49×24']));
  });

  it('refuses an empty pane list', () => {
    expect(() => choosePaneToSplit([])).toThrow(RangeError);
  });
});

describe('linesToFillHistory', () => {
  it('prints history plus screen plus margin when lines do not wrap', () => {
    expect(linesToFillHistory({ cols: 200, rows: 49, lineWidth: 200, historyLines: 5000, margin: 0 })).toBe(5049);
  });

  it('prints fewer lines into narrow panes, where every line wraps into several rows', () => {
    const lines = linesToFillHistory({ cols: 25, rows: 11, lineWidth: 200, historyLines: 5000, margin: 0.1 });
    expect(lines * 8).toBeGreaterThanOrEqual(5011 * 1.1);
    expect(lines).toBe(Math.ceil(Math.ceil(5011 * 1.1) / 8));
  });
});
