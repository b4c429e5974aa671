// OSC 8 hyperlinks through the cell grid and the differ, checked on a real (headless) outer terminal.

import { describe, expect, it } from 'vitest';
import { CellGrid, DEFAULT_COLOR } from '../../../src/term/cellGrid.js';
import { diffFrames } from '../../../src/term/differ.js';
import { Emulator } from '../../../src/term/emulator.js';
import { CLOSE_HYPERLINK, hyperlinkTarget, internHyperlink } from '../../../src/term/hyperlinks.js';
import { xtermLinkId, xtermLinkTarget } from '../../../src/term/xtermCell.js';
import { copyGrid } from './randomGrid.js';
import { outerTerminal, writeAll, type HeadlessTerminal } from './xtermScreen.js';

const OPTS = { trueColor: true };

function textGrid(cols: number, rows: number, text: string): CellGrid {
  const g = new CellGrid(cols, rows);
  [...text].forEach((ch, x) => g.set(x, 0, ch, 1, DEFAULT_COLOR, DEFAULT_COLOR, 0));
  return g;
}

/** The link target the outer terminal holds for each cell of row 0 ('' for none). */
function outerLinks(term: HeadlessTerminal, cols: number): string[] {
  const line = term.buffer.active.getLine(0)!;
  const cell = term.buffer.active.getNullCell();
  const out: string[] = [];
  for (let x = 0; x < cols; x++) {
    line.getCell(x, cell);
    const id = xtermLinkId(cell);
    out.push(id === 0 ? '' : (xtermLinkTarget(term, id)?.uri ?? '?'));
  }
  return out;
}

describe('hyperlinks', () => {
  it('are interned once, and refused when unsafe or too long', () => {
    const a = internHyperlink('https://example.com/a');
    expect(internHyperlink('https://example.com/a')).toBe(a);
    expect(internHyperlink('https://example.com/a', 'x')).not.toBe(a);
    expect(hyperlinkTarget(a)).toEqual({ uri: 'https://example.com/a', id: '' });
    expect(internHyperlink('https://evil\x1b]0;pwned\x07')).toBe(0);
    expect(internHyperlink('https://example.com/b', 'bad;id')).toBe(0);
    expect(internHyperlink(`https://example.com/${'x'.repeat(5000)}`)).toBe(0);
  });

  it('reach the outer terminal on exactly the cells they cover, and are closed at the end of each frame', async () => {
    const term = outerTerminal(12, 2);
    const link = internHyperlink('https://example.com/docs');
    const grid = textGrid(12, 2, 'see docs now');
    for (let x = 4; x < 8; x++) grid.setLink(x, 0, link);
    const bytes = diffFrames(null, grid, OPTS);
    expect(bytes.lastIndexOf(CLOSE_HYPERLINK)).toBeGreaterThan(bytes.lastIndexOf('https://example.com/docs'));
    await writeAll(term, bytes + 'X'); // text written after the frame must not be part of the link
    expect(outerLinks(term, 12)).toEqual(['', '', '', '', ...Array(4).fill('https://example.com/docs'), '', '', '', '']);
  });

  it('are drawn again when only the link of a cell changed, and removed when it goes', async () => {
    const term = outerTerminal(10, 1);
    const first = textGrid(10, 1, 'click here');
    await writeAll(term, diffFrames(null, first, OPTS));
    const linked = copyGrid(first);
    for (let x = 6; x < 10; x++) linked.setLink(x, 0, internHyperlink('https://example.com/here'));
    const diff = diffFrames(first, linked, OPTS);
    expect(diff).toContain('https://example.com/here');
    await writeAll(term, diff);
    expect(outerLinks(term, 10).slice(6)).toEqual(Array(4).fill('https://example.com/here'));
    expect(diffFrames(linked, copyGrid(linked), OPTS)).toBe('');
    await writeAll(term, diffFrames(linked, first, OPTS));
    expect(outerLinks(term, 10)).toEqual(Array(10).fill(''));
  });

  it('are read from a pane emulator with the id the program gave', async () => {
    const emulator = new Emulator({ cols: 20, rows: 2, scrollback: 0 });
    await new Promise<void>((resolve) => emulator.write('a \x1b]8;id=k1;https://example.com/x\x1b\\lnk\x1b]8;;\x1b\\ b', resolve));
    const grid = new CellGrid(20, 2);
    emulator.readInto(grid, 0, 0, 20, 2);
    const ids = [0, 1, 2, 3, 4, 5].map((x) => grid.linkAt(x));
    expect(ids[0]).toBe(0);
    expect(ids[2]).not.toBe(0);
    expect(ids.slice(2, 5)).toEqual([ids[2], ids[2], ids[2]]);
    expect(ids[5]).toBe(0);
    expect(hyperlinkTarget(ids[2])).toEqual({ uri: 'https://example.com/x', id: 'k1' });
    emulator.dispose();
  });
});
