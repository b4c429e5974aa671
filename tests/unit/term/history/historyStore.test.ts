// The compact history store on its own: what goes in comes back cell for cell, in order, and the
// oldest lines go once the limit is reached.

import { describe, expect, it } from 'vitest';
import { Attr, CellGrid, paletteColor, rgbColor, palette256Color, withUnderlineStyle, UnderlineStyle } from '../../../../src/term/cellGrid.js';
import { internHyperlink } from '../../../../src/term/hyperlinks.js';
import { HistoryStore } from '../../../../src/term/history/historyStore.js';
import { HISTORY_BLOCK_BYTES } from '../../../../src/limits.js';

const COLS = 30;

/** A row with every kind of cell: plain, styled, wide, combining, emoji, linked, a colored blank tail. */
function richRow(): CellGrid {
  const grid = new CellGrid(COLS, 1);
  const link = internHyperlink('https://example.com/history', 'h1');
  let x = 0;
  for (const ch of 'plain ') grid.set(x++, 0, ch, 1, 0, 0, 0);
  grid.set(x++, 0, 'R', 1, paletteColor(1), 0, Attr.Bold);
  grid.set(x++, 0, 'g', 1, palette256Color(2), rgbColor(10, 20, 30), Attr.Italic | Attr.Inverse);
  grid.set(x, 0, '日', 2, rgbColor(255, 255, 255), 0, 0);
  x += 2;
  grid.set(x++, 0, 'e\u0301', 1, 0, 0, withUnderlineStyle(0, UnderlineStyle.Curly), rgbColor(0, 200, 255));
  grid.set(x, 0, '👩‍💻', 2, 0, 0, 0);
  x += 2;
  for (const ch of 'link') {
    grid.set(x, 0, ch, 1, 0, 0, Attr.Underline);
    grid.setLink(x++, 0, link);
  }
  x += 4; // four plain blanks (a run of spaces)
  grid.set(x++, 0, 'é', 1, 0, 0, Attr.Strikethrough | Attr.Overline | Attr.Dim);
  grid.set(x++, 0, ' ', 1, 0, paletteColor(4), 0);
  grid.set(x++, 0, ' ', 1, 0, paletteColor(4), 0);
  return grid;
}

function textRow(text: string, cols = COLS): CellGrid {
  const grid = new CellGrid(cols, 1);
  [...text].forEach((ch, x) => grid.set(x, 0, ch, 1, 0, 0, 0));
  return grid;
}

function readBack(store: HistoryStore, line: number, cols = COLS): CellGrid {
  const grid = new CellGrid(cols, 1);
  // Start from garbage, so blank cells must be written as blank.
  for (let x = 0; x < cols; x++) grid.set(x, 0, '#', 1, paletteColor(3), 0, Attr.Bold);
  store.readRow(line, grid, 0, 0, cols);
  return grid;
}

const cellsOf = (grid: CellGrid) => Array.from({ length: grid.cols }, (_, x) => ({ ...grid.cell(x, 0), link: grid.linkAt(x) }));

describe('HistoryStore', () => {
  it('gives back text, colors, attributes, underline styles, wide characters, combining marks and links cell for cell', () => {
    const store = new HistoryStore(10);
    const row = richRow();
    store.push(row, 0, COLS, false);
    expect(cellsOf(readBack(store, 0))).toEqual(cellsOf(row));
  });

  it('keeps whether a line continues the one above it', () => {
    const store = new HistoryStore(10);
    store.push(textRow('first'), 0, COLS, false);
    store.push(textRow('second'), 0, COLS, true);
    expect([store.wrapped(0), store.wrapped(1)]).toEqual([false, true]);
  });

  it('draws a line into a narrower row cut at its edge, and into a wider one with blanks after it', () => {
    const store = new HistoryStore(10);
    const row = richRow();
    store.push(row, 0, COLS, false);
    const texts = (grid: CellGrid, from: number, count: number) => Array.from({ length: count }, (_, x) => grid.textAt(grid.index(from + x, 0)));
    expect(texts(readBack(store, 0, 10), 0, 10)).toEqual(texts(row, 0, 10));
    const wide = readBack(store, 0, COLS + 10);
    expect(wide.rowText(0)).toBe(row.rowText(0) + ' '.repeat(10));
    // Into part of a bigger grid: only that part is written.
    const grid = new CellGrid(50, 1);
    grid.set(0, 0, 'L', 1, 0, 0, 0);
    store.readRow(0, grid, 5, 0, 12);
    expect(texts(grid, 0, 5)).toEqual(['L', ' ', ' ', ' ', ' ']);
    expect(texts(grid, 5, 12)).toEqual(texts(row, 0, 12));
    expect(texts(grid, 17, 33)).toEqual(Array(33).fill(' '));
  });

  it('keeps lines in order and drops the oldest past the limit, across blocks', () => {
    const store = new HistoryStore(7000);
    for (let i = 0; i < 10_000; i++) store.push(textRow(`line ${i}`), 0, COLS, false);
    expect(store.length).toBe(7000);
    expect(store.dropped).toBe(3000);
    // Blocks end after HISTORY_BLOCK_LINES lines here (short lines): 4096 and 8192 are the first lines of blocks.
    const edges = [0, 1, 4095 - 3000, 4096 - 3000, 8191 - 3000, 8192 - 3000, 6999];
    for (const line of edges) expect(readBack(store, line).rowText(0).trimEnd()).toBe(`line ${3000 + line}`);
  });

  it('releases a block of long lines once all of its lines are dropped', () => {
    const store = new HistoryStore(2000);
    const row = richRow();
    for (let i = 0; i < 6000; i++) store.push(row, 0, COLS, false);
    const before = store.bytes;
    for (let i = 0; i < 3000; i++) store.push(textRow(`tail ${i}`), 0, COLS, false);
    expect(store.length).toBe(2000);
    expect(readBack(store, 0).rowText(0).trimEnd()).toBe('tail 1000');
    expect(readBack(store, 1999).rowText(0).trimEnd()).toBe('tail 2999');
    // The 2000 rich lines held before took at least one full block; they and their blocks are gone.
    expect(before - store.bytes).toBeGreaterThan(HISTORY_BLOCK_BYTES / 2);
  });

  it('drops lines one at a time once full, and all of them on clear or a zero limit', () => {
    const store = new HistoryStore(3);
    for (let i = 0; i < 5; i++) store.push(textRow(`n${i}`), 0, COLS, false);
    expect([0, 1, 2].map((line) => readBack(store, line).rowText(0).trimEnd())).toEqual(['n2', 'n3', 'n4']);
    store.setLimit(1);
    expect(store.length).toBe(1);
    expect(readBack(store, 0).rowText(0).trimEnd()).toBe('n4');
    store.clear();
    expect([store.length, store.dropped]).toEqual([0, 5]);
    store.push(textRow('after'), 0, COLS, false);
    expect(readBack(store, 0).rowText(0).trimEnd()).toBe('after');
    store.setLimit(0);
    store.push(textRow('gone'), 0, COLS, false);
    expect([store.length, store.dropped]).toEqual([0, 7]);
    expect(() => store.readRow(0, new CellGrid(COLS, 1), 0, 0, COLS)).toThrow(RangeError);
  });

  it('holds a full history of colored 200-column lines in less than twice their text plus styling', () => {
    const cols = 200;
    const store = new HistoryStore(5000);
    let source = 0;
    for (let i = 0; i < 5000; i++) {
      const grid = new CellGrid(cols, 1);
      for (let x = 0; x < cols; x++) {
        // A color change every 8 columns, as colored logs and diffs have.
        const fg = paletteColor(((x >> 3) + i) % 16);
        grid.set(x, 0, String.fromCharCode(0x61 + ((x + i) % 26)), 1, fg, 0, 0);
      }
      source += cols + (cols / 8) * 5 + 1; // the text, an SGR like \e[31m per run, the newline
      store.push(grid, 0, cols, false);
    }
    expect(store.bytes).toBeLessThan(2 * source);
  });
});
