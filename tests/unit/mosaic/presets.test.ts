import { describe, expect, it } from 'vitest';
import { LAYOUT_PRESETS, nextPreset, presetTree, swapInTree } from '../../../src/mosaic/presets.js';
import { layoutTree, paneIds, type LayoutNode } from '../../../src/mosaic/index.js';

const AREA = { x: 0, y: 0, width: 120, height: 40 };

describe('layout presets', () => {
  it('keeps every pane, in the order given, for each preset and any count', () => {
    for (const preset of LAYOUT_PRESETS) {
      for (let n = 1; n <= 7; n++) {
        const ids = Array.from({ length: n }, (_, i) => i + 10);
        const tree = presetTree(preset, ids);
        expect(paneIds(tree)).toEqual(ids);
        expect(layoutTree(tree, AREA).panes.size).toBe(n);
      }
    }
  });

  it('tiles four panes as a 2x2 grid and five as 3 + 2', () => {
    const grid = layoutTree(presetTree('tiled', [1, 2, 3, 4]), AREA);
    const ys = new Set([...grid.panes.values()].map((r) => r.frame.y));
    const xs = new Set([...grid.panes.values()].map((r) => r.frame.x));
    expect([ys.size, xs.size]).toEqual([2, 2]);
    const five = presetTree('tiled', [1, 2, 3, 4, 5]) as Extract<LayoutNode, { kind: 'split' }>;
    expect(five.children.map((row) => paneIds(row).length)).toEqual([3, 2]);
  });

  it('gives the main pane the larger share', () => {
    const laid = layoutTree(presetTree('main-vertical', [1, 2, 3]), AREA);
    expect((laid.panes.get(1)?.frame.width ?? 0) > (laid.panes.get(2)?.frame.width ?? 0)).toBe(true);
    expect(laid.panes.get(2)?.frame.x).toBe(laid.panes.get(3)?.frame.x);
  });

  it('cycles through the presets and wraps around', () => {
    expect(nextPreset(undefined)).toBe(LAYOUT_PRESETS[0]);
    expect(nextPreset(LAYOUT_PRESETS[LAYOUT_PRESETS.length - 1])).toBe(LAYOUT_PRESETS[0]);
  });

  it('swaps two panes and leaves the shape alone', () => {
    const tree = presetTree('main-vertical', [1, 2, 3]);
    const swapped = swapInTree(tree, 1, 3);
    expect(paneIds(swapped)).toEqual([3, 2, 1]);
    expect(JSON.stringify(swapInTree(swapped, 1, 3))).toBe(JSON.stringify(tree));
  });
});

describe('the select-layout command', () => {
  it('names the same presets, in the same order, as the mosaic cycles through', async () => {
    const { LAYOUT_NAMES } = await import('../../../src/commands/selectLayout.js');
    expect(LAYOUT_NAMES).toEqual(LAYOUT_PRESETS);
  });
});
