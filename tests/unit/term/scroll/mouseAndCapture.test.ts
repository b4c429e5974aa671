// Pure pieces around the scroll view: capture-pane's line ranges, mouse reports re-encoded for a
// program, and finding and dragging the boundary between panes.

import { describe, expect, it } from 'vitest';
import { captureRange, parseLineSpec } from '../../../../src/term/captureRange.js';
import { encodeMouse, wantsEvent } from '../../../../src/term/paneMouse.js';
import type { MouseEvent } from '../../../../src/term/keys/mouse.js';
import { boundaryAt, layoutTree, moveBoundary, splitPane, type LayoutNode } from '../../../../src/mosaic/index.js';

describe('captureRange (tmux -S / -E)', () => {
  // 100 lines of history above a 20-row screen: buffer lines 0–119, the screen is 100–119.
  it('counts from the first visible line, reaches back with negatives, and clamps', () => {
    expect(captureRange(100, 20, undefined, undefined)).toEqual({ first: 100, last: 119 });
    expect(captureRange(100, 20, -5, 2)).toEqual({ first: 95, last: 102 });
    expect(captureRange(100, 20, '-', '-')).toEqual({ first: 0, last: 119 });
    expect(captureRange(100, 20, -1000, -99)).toEqual({ first: 0, last: 1 });
    expect(captureRange(100, 20, 500, undefined)).toEqual({ first: 119, last: 119 });
    expect(captureRange(100, 20, 3, 1)).toEqual({ first: 101, last: 103 });
  });

  it('reads - and whole numbers only', () => {
    expect(parseLineSpec('-')).toBe('-');
    expect(parseLineSpec('-20')).toBe(-20);
    expect(parseLineSpec('+3')).toBe(3);
    expect(parseLineSpec('top')).toBeUndefined();
    expect(parseLineSpec('1.5')).toBeUndefined();
  });
});

describe('mouse reports for a program', () => {
  const click: MouseEvent = { button: 'left', action: 'press', x: 0, y: 0, shift: false, alt: false, ctrl: false, encoding: 'sgr' };

  it('encodes SGR, urxvt and the classic form, 1-based, with modifiers', () => {
    expect(encodeMouse(click, 4, 2, 'vt200', 'sgr')).toBe('\x1b[<0;5;3M');
    expect(encodeMouse({ ...click, action: 'release' }, 4, 2, 'vt200', 'sgr')).toBe('\x1b[<0;5;3m');
    expect(encodeMouse({ ...click, ctrl: true }, 4, 2, 'vt200', 'sgr')).toBe('\x1b[<16;5;3M');
    expect(encodeMouse({ ...click, button: 'wheel-down' }, 0, 0, 'vt200', 'urxvt')).toBe('\x1b[97;1;1M');
    expect(encodeMouse(click, 4, 2, 'vt200', 'default')).toBe('\x1b[M %#');
    expect(encodeMouse({ ...click, action: 'release', button: 'right' }, 4, 2, 'vt200', 'default')).toBe('\x1b[M#%#');
  });

  it('cannot say positions past 223 in the classic form, and sends nothing then', () => {
    expect(encodeMouse(click, 300, 2, 'vt200', 'default')).toBeUndefined();
    expect(encodeMouse(click, 300, 2, 'vt200', 'utf8')).toBe(`\x1b[M ${String.fromCharCode(333)}#`);
  });

  it('sends only what the tracking mode asked for', () => {
    const move = { ...click, action: 'move' as const };
    expect(wantsEvent('x10', { ...click, action: 'release' }, false)).toBe(false);
    expect(wantsEvent('vt200', move, true)).toBe(false);
    expect(wantsEvent('drag', move, true)).toBe(true);
    expect(wantsEvent('drag', move, false)).toBe(false);
    expect(wantsEvent('any', move, false)).toBe(true);
    expect(wantsEvent('none', click, false)).toBe(false);
  });
});

describe('dragging a boundary', () => {
  const area = { x: 0, y: 0, width: 81, height: 30 };
  // 1 | 2 side by side, 2 split into 2 over 3.
  const tree: LayoutNode = splitPane(splitPane({ kind: 'pane', paneId: 1 }, 1, 2, 'right'), 2, 3, 'down');

  it('finds the divider column and the header row of a lower pane', () => {
    const layout = layoutTree(tree, area);
    const divider = layout.dividers[0];
    expect(boundaryAt(tree, area, divider.x, 5)).toEqual({ path: [], index: 0, axis: 'row' });
    const lower = layout.panes.get(3)!.header;
    expect(boundaryAt(tree, area, lower.x + 3, lower.y)).toEqual({ path: [1], index: 0, axis: 'column' });
    expect(boundaryAt(tree, area, 3, 3)).toBeUndefined();
  });

  it('moves the divider to where the mouse is, and refuses to make a pane too small', () => {
    const divider = layoutTree(tree, area).dividers[0];
    const moved = moveBoundary(tree, area, { path: [], index: 0, axis: 'row' }, divider.x - 10);
    expect(moved.ok).toBe(true);
    if (moved.ok) expect(layoutTree(moved.tree, area).dividers[0].x).toBe(divider.x - 10);
    expect(moveBoundary(tree, area, { path: [], index: 0, axis: 'row' }, 2).ok).toBe(false);
  });
});
