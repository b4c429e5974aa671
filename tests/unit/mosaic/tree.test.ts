import { describe, expect, it } from 'vitest';
import { layoutTree } from '../../../src/mosaic/layout.js';
import { closePane, equalize, hasPane, paneIds, splitPane } from '../../../src/mosaic/tree.js';
import { area, column, expectExactCover, pane, row } from './trees.js';

describe('splitPane', () => {
  it('turns a lone pane into an even split', () => {
    expect(splitPane(pane(1), 1, 2, 'right')).toEqual(row([pane(1), pane(2)]));
    expect(splitPane(pane(1), 1, 2, 'down')).toEqual(column([pane(1), pane(2)]));
  });

  it('inserts after the target in a parent that already splits that way, halving the target', () => {
    const tree = row([pane(1), pane(2), pane(3)], [2, 4, 2]);
    expect(splitPane(tree, 2, 4, 'right')).toEqual(row([pane(1), pane(2), pane(4), pane(3)], [2, 2, 2, 2]));
  });

  it('nests a new split when the parent runs the other way', () => {
    const tree = row([pane(1), pane(2)], [1, 3]);
    expect(splitPane(tree, 2, 3, 'down')).toEqual(row([pane(1), column([pane(2), pane(3)])], [1, 3]));
  });

  it('does not change the tree it was given', () => {
    const tree = row([pane(1), column([pane(2), pane(3)])]);
    const copy = structuredClone(tree);
    splitPane(tree, 3, 4, 'down');
    splitPane(tree, 3, 5, 'right');
    expect(tree).toEqual(copy);
  });

  it('refuses an unknown target or an id already in use', () => {
    expect(() => splitPane(pane(1), 7, 2, 'right')).toThrow(/no pane 7/);
    expect(() => splitPane(row([pane(1), pane(2)]), 1, 2, 'right')).toThrow(/already exists/);
  });
});

describe('closePane', () => {
  it('closing the last pane leaves nothing', () => {
    expect(closePane(pane(1), 1)).toBeUndefined();
  });

  it('collapses a split left with one child into that child', () => {
    expect(closePane(row([pane(1), pane(2)]), 2)).toEqual(pane(1));
    expect(closePane(row([pane(1), column([pane(2), pane(3)])], [1, 2]), 3)).toEqual(
      row([pane(1), pane(2)], [1, 2]),
    );
  });

  it('shares the freed weight between both neighbours, so farther panes keep their place', () => {
    const tree = row([pane(1), pane(2), pane(3), pane(4)]);
    const closed = closePane(tree, 2);
    expect(closed).toEqual(row([pane(1), pane(3), pane(4)], [1.5, 1.5, 1]));
    const bounds = area(121, 30);
    expect(layoutTree(closed!, bounds).panes.get(4)).toEqual(layoutTree(tree, bounds).panes.get(4));
  });

  it('gives the whole weight to the only neighbour at an edge', () => {
    expect(closePane(column([pane(1), pane(2), pane(3)], [1, 2, 3]), 3)).toEqual(column([pane(1), pane(2)], [1, 5]));
  });

  it('merges a collapsed split into a parent running the same way', () => {
    const tree = row([pane(1), column([pane(2), row([pane(3), pane(4)], [1, 3])])], [1, 1]);
    expect(closePane(tree, 2)).toEqual(row([pane(1), pane(3), pane(4)], [1, 0.25, 0.75]));
  });

  it('returns the same tree when the pane is not there', () => {
    const tree = row([pane(1), pane(2)]);
    expect(closePane(tree, 9)).toBe(tree);
  });

  it('split then close gives back the original layout', () => {
    const tree = row([pane(1), column([pane(2), pane(3)])], [2, 3]);
    const bounds = area(150, 40);
    const roundTrip = closePane(splitPane(tree, 3, 4, 'down'), 4)!;
    expect(layoutTree(roundTrip, bounds)).toEqual(layoutTree(tree, bounds));
    expectExactCover(layoutTree(roundTrip, bounds), bounds);
  });
});

describe('equalize', () => {
  it('gives every child the same weight at every level', () => {
    const tree = row([pane(1), column([pane(2), pane(3)], [5, 1])], [3, 1]);
    expect(equalize(tree)).toEqual(row([pane(1), column([pane(2), pane(3)])]));
  });
});

describe('paneIds and hasPane', () => {
  it('lists panes in reading order', () => {
    const tree = row([column([pane(5), pane(2)]), pane(9), column([pane(1), row([pane(7), pane(3)])])]);
    expect(paneIds(tree)).toEqual([5, 2, 9, 1, 7, 3]);
    expect(hasPane(tree, 7)).toBe(true);
    expect(hasPane(tree, 4)).toBe(false);
  });
});
