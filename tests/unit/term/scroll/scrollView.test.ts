// The scroll view over a buffer: moving, holding still while history grows or is trimmed, selecting and searching.

import { describe, expect, it } from 'vitest';
import { textBuffer } from '../../../../src/term/scroll/buffer.js';
import { findMatches, nextMatch } from '../../../../src/term/scroll/search.js';
import { selectedText } from '../../../../src/term/scroll/selection.js';
import { ScrollView } from '../../../../src/term/scroll/scrollView.js';
import { Emulator } from '../../../../src/term/emulator.js';


/** 100 lines "line 0" … "line 99" in a 20×10 screen: 90 lines of history. */
function hundredLines() {
  return textBuffer(
    Array.from({ length: 100 }, (_, i) => `line ${i}`),
    { cols: 20, rows: 10 },
  );
}

describe('ScrollView', () => {
  it('starts at the live screen with the cursor where the program had it', () => {
    const view = new ScrollView(hundredLines(), 10, { x: 3, y: 9 });
    expect(view.indicator()).toBe('[0/90]');
    expect(view.cursor).toEqual({ line: 99, col: 3 });
    expect(view.atLive()).toBe(true);
  });

  it('pages, half-pages, jumps to either end and clamps there', () => {
    const view = new ScrollView(hundredLines(), 10, { x: 0, y: 9 });
    view.page(-1);
    expect(view.indicator()).toBe('[9/90]');
    view.halfPage(-1);
    expect(view.indicator()).toBe('[14/90]');
    view.toTop();
    expect(view.indicator()).toBe('[90/90]');
    expect(view.cursor).toEqual({ line: 0, col: 0 });
    view.page(-1);
    expect(view.top).toBe(0);
    view.toBottom();
    expect(view.atLive()).toBe(true);
    view.page(1);
    expect(view.indicator()).toBe('[0/90]');
  });

  it('scrolls when the cursor leaves the pane, not before', () => {
    const view = new ScrollView(hundredLines(), 10, { x: 0, y: 9 });
    view.moveCursor(-9);
    expect(view.offset).toBe(0);
    view.moveCursor(-1);
    expect(view.offset).toBe(1);
    expect(view.cursorRow()).toBe(0);
  });

  it('keeps showing the same text when lines are trimmed off the top of a full history', () => {
    const view = new ScrollView(hundredLines(), 10, { x: 0, y: 9 });
    view.toTop();
    view.scroll(30);
    view.toggleSelection('line');
    view.linesTrimmed(5);
    expect(view.top).toBe(25);
    expect(view.selection?.anchor.line).toBe(25);
  });

  it('copies character, line and block selections', () => {
    const buffer = textBuffer(['alpha beta   ', 'gamma delta', 'epsilon'], { cols: 12, rows: 3 });
    const view = new ScrollView(buffer, 3, { x: 0, y: 0 });
    view.cursorTo({ line: 0, col: 6 });
    expect(view.selectedText()).toBe('');
    view.toggleSelection('char');
    view.cursorTo({ line: 1, col: 4 });
    expect(view.selectedText()).toBe('beta\ngamma');
    view.toggleSelection('line');
    expect(view.selectedText()).toBe('alpha beta\ngamma delta');
    view.toggleSelection('block');
    expect(view.selectedText()).toBe('a b\na d'); // columns 4–6 of both lines
    view.toggleSelection('block');
    expect(view.selection).toBeUndefined();
  });

  it('copies a soft-wrapped line as one line', () => {
    const buffer = textBuffer(['0123456789', 'abc', 'next'], { cols: 10, rows: 3, wrapped: [1] });
    expect(selectedText(buffer, { anchor: { line: 0, col: 0 }, head: { line: 2, col: 3 }, mode: 'char' })).toBe('0123456789abc\nnext');
  });
});

describe('search', () => {
  const buffer = textBuffer(['Error one', 'fine', 'error two', 'ERROR three'], { cols: 12, rows: 4 });

  it('ignores case for a lowercase query and respects it with a capital', () => {
    expect(findMatches(buffer, 'error').map((m) => m.start.line)).toEqual([0, 2, 3]);
    expect(findMatches(buffer, 'Error').map((m) => m.start.line)).toEqual([0]);
    expect(findMatches(buffer, 'nothing')).toEqual([]);
  });

  it('goes forward and backward from the cursor and wraps around at the ends', () => {
    const matches = findMatches(buffer, 'error');
    expect(nextMatch(matches, { line: 1, col: 0 }, true)).toEqual({ index: 1, wrapped: false });
    expect(nextMatch(matches, { line: 3, col: 0 }, true)).toEqual({ index: 0, wrapped: true });
    expect(nextMatch(matches, { line: 1, col: 0 }, false)).toEqual({ index: 0, wrapped: false });
    expect(nextMatch(matches, { line: 0, col: 0 }, false)).toEqual({ index: 2, wrapped: true });
  });

  it('finds a match that runs across a soft wrap', () => {
    const wrapped = textBuffer(['xxxxxxxxne', 'edle yyy'], { cols: 10, rows: 2, wrapped: [1] });
    expect(findMatches(wrapped, 'needle')).toEqual([{ start: { line: 0, col: 8 }, end: { line: 1, col: 3 } }]);
  });

  it('moves the view to the match and counts all of them', () => {
    const view = new ScrollView(hundredLines(), 10, { x: 0, y: 9 });
    const result = view.find({ query: 'line 5', forward: false });
    expect(result).toEqual({ found: true, query: 'line 5', index: 11, count: 11, wrapped: false });
    expect(view.cursor).toEqual({ line: 59, col: 0 });
    expect(view.cursorRow()).toBeGreaterThanOrEqual(0);
    expect(view.cursorRow()).toBeLessThan(10);
    expect(view.find({ query: 'zzz', forward: true })).toEqual({ found: false, query: 'zzz' });
  });
});

describe('over a real headless xterm', () => {
  it('reads wide characters as one cell plus an empty one, and finds text after them', async () => {
    const emulator = new Emulator({ cols: 10, rows: 3, scrollback: 50 });
    await new Promise<void>((resolve) => emulator.write('日本 ok\r\nsecond\r\n', resolve));
    const buffer = emulator.activeLines;
    expect(buffer.cells(0).slice(0, 7)).toEqual(['日', '', '本', '', ' ', 'o', 'k']);
    expect(findMatches(buffer, 'ok')).toEqual([{ start: { line: 0, col: 5 }, end: { line: 0, col: 6 } }]);
    expect(selectedText(buffer, { anchor: { line: 0, col: 0 }, head: { line: 1, col: 5 }, mode: 'char' })).toBe('日本 ok\nsecond');
    emulator.dispose();
  });
});
