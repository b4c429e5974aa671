// Where the "add a pane" dialog goes and how its lines are cut to fit: geometry, scrolling, search line.

import { describe, expect, it } from 'vitest';
import { addPaneRect, addPaneSections } from '../../../src/app/addPane/geometry.js';
import type { AddPaneRow } from '../../../src/app/addPane/model.js';
import type { BodyLine } from '../../../src/app/addPane/rowLines.js';
import { scrollToFocus } from '../../../src/app/addPane/scroll.js';
import { searchLine } from '../../../src/app/dialog/searchLine.js';
import { fitSegments, seg, segmentsText } from '../../../src/app/dialog/segments.js';

const agent = (name: string): AddPaneRow => ({ kind: 'agent', agent: name, label: name, installed: true, installHint: '', models: [] });

describe('add pane dialog geometry', () => {
  it('sits centered inside 80×24, just tall enough for the rows on offer', () => {
    const rect = addPaneRect(80, 24, [agent('claude'), agent('codex')]);
    expect(rect).toEqual({ x: 1, y: 8, width: 78, height: 7 });
    expect(addPaneSections(rect)).toEqual({ title: true, search: true, footer: true, bodyRows: 2, innerWidth: 74 });
  });

  it('stops growing on a big screen and scrolls instead', () => {
    const many = Array.from({ length: 40 }, (_, i) => agent(`agent${i}`));
    const rect = addPaneRect(300, 100, many);
    expect(rect.width).toBe(78);
    expect(rect.height).toBe(18);
    expect(addPaneRect(300, 100)).toMatchObject({ width: 78, height: 18 });
  });

  it('takes the whole screen when the screen is smaller than the box, and gives up lines from the rows first', () => {
    expect(addPaneRect(20, 5)).toEqual({ x: 0, y: 0, width: 20, height: 5 });
    expect(addPaneSections({ x: 0, y: 0, width: 20, height: 5 })).toMatchObject({ title: true, search: true, footer: true, bodyRows: 0 });
    expect(addPaneSections({ x: 0, y: 0, width: 3, height: 3 })).toEqual({ title: true, search: false, footer: false, bodyRows: 0, innerWidth: 0 });
    expect(addPaneRect(0, 0)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('add pane dialog scrolling', () => {
  // Rows 0..5, row 3 taking two lines.
  const lines = (focused: number): BodyLine[] =>
    [0, 1, 2, 3, 3, 4, 5].map((rowIndex) => ({ rowIndex, focused: rowIndex === focused, segments: [] }));
  const rowsShown = (focused: number, height: number) => scrollToFocus(lines(focused), height).lines.map((l) => l.rowIndex);

  it('shows everything when it fits', () => {
    expect(scrollToFocus(lines(0), 7)).toMatchObject({ hiddenAbove: false, hiddenBelow: false });
  });

  it('keeps the focused row, all of it, in view, and says what is hidden', () => {
    expect(rowsShown(0, 3)).toEqual([0, 1, 2]);
    expect(rowsShown(3, 3)).toEqual([3, 3, 4]);
    expect(rowsShown(2, 3)).toEqual([1, 2, 3]);
    expect(scrollToFocus(lines(5), 3)).toMatchObject({ hiddenAbove: true, hiddenBelow: false });
    expect(scrollToFocus(lines(0), 3)).toMatchObject({ hiddenAbove: false, hiddenBelow: true });
  });

  it('never starts the window on the second line of a row', () => {
    // Centering on row 5 would start on row 3's second line; the window starts at row 4 and leaves a line blank.
    expect(rowsShown(5, 3)).toEqual([4, 5]);
  });
});

describe('add pane dialog text fitting', () => {
  it('pads short lines and cuts long ones with an ellipsis, to the exact width', () => {
    expect(segmentsText(fitSegments([seg('ab'), seg('cd', 'hint')], 6))).toBe('abcd  ');
    const cut = fitSegments([seg('abc'), seg('defgh', 'hint'), seg('ij')], 6);
    expect(segmentsText(cut)).toBe('abcde…');
    expect(cut.map((s) => s.tone)).toEqual(['text', 'hint']);
    expect(segmentsText(fitSegments([seg('日本語')], 5))).toBe('日本…');
  });

  it('keeps the end of a long search in view, next to the caret', () => {
    const line = searchLine('a-very-long-search-term', 20);
    expect(segmentsText(line)).toBe('Search …search-term ');
    expect(line.at(-1)).toEqual({ text: ' ', tone: 'caret' });
  });
});
