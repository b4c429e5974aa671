// The workspace strip fits one row: everything when there is room, else diffs, then long names, then far workspaces go.

import { expect, test } from 'vitest';
import { layoutStrip, itemWidth } from '../../../src/app/strip/layout.js';
import { stripState, type StripEntry } from '../../../src/app/strip/model.js';

const entry = (name: string, digit: number, extra: Partial<StripEntry> = {}): StripEntry => ({ name, digit, state: 'idle', current: false, ...extra });

test('the dot: needs you beats error beats running beats idle; no panes means dormant', () => {
  expect(stripState(undefined)).toBe('dormant');
  expect(stripState([])).toBe('idle');
  expect(stripState([{ status: 'running', attention: false }, { status: 'error', attention: false }])).toBe('error');
  expect(stripState([{ status: 'error', attention: false }, { status: 'idle', attention: true }])).toBe('needs-you');
  expect(stripState([{ status: 'approval', attention: false }])).toBe('needs-you');
  expect(stripState([{ status: 'starting', attention: false }, { status: 'idle', attention: false }])).toBe('running');
});

test('with room, every workspace with its number and diff', () => {
  const entries = [entry('main', 1, { current: true, diff: { added: 12, removed: 3 } }), entry('fix-login', 2, { diff: { added: 0, removed: 0 } })];
  const { items, hiddenBefore, hiddenAfter } = layoutStrip(entries, 80);
  expect(items.map((i) => [i.label, i.diff])).toEqual([
    ['1 main', '+12 −3'],
    ['2 fix-login', ''],
  ]);
  expect([hiddenBefore, hiddenAfter]).toEqual([0, 0]);
});

test('narrow: other diffs go first, then long names are shortened', () => {
  const entries = [entry('main', 1, { current: true, diff: { added: 1, removed: 2 } }), entry('another-long-name', 2, { diff: { added: 5, removed: 5 } })];
  const dropDiffs = layoutStrip(entries, 40);
  expect(dropDiffs.items.map((i) => [i.label, i.diff])).toEqual([
    ['1 main', '+1 −2'],
    ['2 another-long-name', ''],
  ]);
  const shortened = layoutStrip(entries, 20);
  expect(shortened.items.map((i) => i.label)).toEqual(['1 main', '2 ano…']);
  expect(shortened.items.reduce((sum, i) => sum + itemWidth(i), 0)).toBeLessThanOrEqual(20);
});

test('one long name is cut to the room left, and the short ones stay whole', () => {
  const long = `task-${'x'.repeat(59)}`;
  const entries = [entry('task-a', 1, { current: true }), entry('task-b', 2, { conflicts: ['task-a'] }), entry('TASK-A', 3), entry(long, 4)];
  const { items, hiddenBefore, hiddenAfter } = layoutStrip(entries, 60);
  expect(items.map((i) => i.label).slice(0, 3)).toEqual(['1 task-a', '2 task-b', '3 TASK-A']);
  expect(items[3]?.label).toMatch(/^4 task-x+…$/);
  const used = items.reduce((sum, i) => sum + itemWidth(i), 0);
  expect(used).toBeLessThanOrEqual(60);
  expect(used).toBeGreaterThan(55); // the room is used, not left empty
  expect([hiddenBefore, hiddenAfter]).toEqual([0, 0]);
});

test('very narrow: a window around the current workspace, the rest counted', () => {
  const entries = Array.from({ length: 9 }, (_, i) => entry(`ws${i + 1}`, i + 1, { current: i === 6 }));
  const { items, hiddenBefore, hiddenAfter } = layoutStrip(entries, 30);
  expect(items.some((i) => i.entry.current)).toBe(true);
  expect(hiddenBefore + items.length + hiddenAfter).toBe(9);
  expect(hiddenBefore).toBeGreaterThan(0);
  expect(items.reduce((sum, i) => sum + itemWidth(i), 0) + (hiddenBefore ? 3 : 0) + (hiddenAfter ? 3 : 0)).toBeLessThanOrEqual(30);
});

test('a workspace whose changes would conflict keeps its ⚠ when the diffs are dropped, and the ⚠ is counted in its width', () => {
  const entries = [entry('main', 1, { current: true, conflicts: ['fix'], diff: { added: 1, removed: 2 } }), entry('fix', 2, { conflicts: ['main'], diff: { added: 5, removed: 5 } }), entry('docs', 3)];
  const roomy = layoutStrip(entries, 80);
  expect(roomy.items.map((i) => [i.label, i.warn, i.diff])).toEqual([
    ['1 main', '⚠', '+1 −2'],
    ['2 fix', '⚠', '+5 −5'],
    ['3 docs', '', ''],
  ]);
  expect(itemWidth(roomy.items[1] as (typeof roomy.items)[number])).toBe(4 + '2 fix'.length + 2 + 1 + '+5 −5'.length);
  const narrow = layoutStrip(entries, 36);
  expect(narrow.items.map((i) => [i.label, i.warn, i.diff])).toEqual([
    ['1 main', '⚠', ''],
    ['2 fix', '⚠', ''],
    ['3 docs', '', ''],
  ]);
  expect(narrow.items.reduce((sum, i) => sum + itemWidth(i), 0)).toBeLessThanOrEqual(36);
});
