import { describe, expect, it } from 'vitest';
import { MAX_LAYOUT_DEPTH, parseLayout } from '../../../src/mosaic/parse.js';
import type { LayoutNode } from '../../../src/mosaic/types.js';
import { column, pane, row } from './trees.js';

const error = (value: unknown): string => {
  const result = parseLayout(value);
  return result.ok ? 'accepted' : result.error;
};

describe('parseLayout', () => {
  it('accepts a well-formed tree and returns a clean copy', () => {
    const tree = row([pane(1), column([pane(2), pane(3)], [0.5, 1.5])], [1, 2]);
    const parsed = parseLayout(JSON.parse(JSON.stringify({ ...tree, extra: true })));
    expect(parsed).toEqual({ ok: true, tree });
  });

  it('rejects duplicate ids', () => {
    expect(error(row([pane(1), pane(1)]))).toBe('layout.children[1]: pane 1 appears more than once');
  });

  it('rejects bad weights', () => {
    expect(error(row([pane(1), pane(2)], [1, 0]))).toBe('layout.weights[1] must be a positive finite number');
    expect(error(row([pane(1), pane(2)], [1, Number.NaN]))).toMatch(/weights\[1\]/);
    expect(error(row([pane(1), pane(2)], [1, Infinity]))).toMatch(/weights\[1\]/);
    expect(error(row([pane(1), pane(2)], [1]))).toMatch(/one number per child/);
  });

  it('rejects splits with fewer than two children and unknown shapes', () => {
    expect(error({ kind: 'split', direction: 'row', children: [pane(1)], weights: [1] })).toMatch(/at least two/);
    expect(error({ kind: 'split', direction: 'diagonal', children: [pane(1), pane(2)], weights: [1, 1] })).toMatch(
      /direction/,
    );
    expect(error({ kind: 'pane', paneId: -1 })).toMatch(/paneId/);
    expect(error({ kind: 'pane', paneId: 1.5 })).toMatch(/paneId/);
    expect(error({ kind: 'window' })).toMatch(/kind/);
    expect(error(null)).toMatch(/must be an object/);
    expect(error('row')).toMatch(/must be an object/);
  });

  it('rejects absurdly deep nesting instead of overflowing the stack', () => {
    let tree: LayoutNode = pane(0);
    for (let i = 1; i <= MAX_LAYOUT_DEPTH + 1; i++) tree = (i % 2 ? row : column)([tree, pane(i)]);
    expect(error(tree)).toMatch(/deeper than/);
  });
});
