import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ansiToCells } from '../../../src/term/ansiToCells.js';
import {
  Attr,
  CellGrid,
  DEFAULT_COLOR,
  PALETTE16,
  PALETTE256,
  RGB,
  UnderlineStyle,
  paletteColor,
  rgbColor,
  underlineStyleOf,
} from '../../../src/term/cellGrid.js';
import { graphemeWidth } from '../../../src/term/textWidth.js';
import { seeded } from './randomGrid.js';
import { outerTerminal, screenDifferences, writeAll } from './xtermScreen.js';

// Chalk (inside Ink) decides its color level when first imported: force true color before that.
process.env.FORCE_COLOR = '3';
// …and chalk only honours it as a minimum: TERM=xterm alone would still mean 16 colors.
process.env.COLORTERM = 'truecolor';

/** A stdout for Ink that keeps every frame it writes. */
class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  readonly frames: string[] = [];
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write(data: string): boolean {
    this.frames.push(data);
    return true;
  }
}

async function renderInk(cols: number, rows: number): Promise<string> {
  const { createElement: h } = await import('react');
  const { render, Box, Text } = await import('ink');
  const stdout = new FakeStdout(cols, rows);
  const tree = h(
    Box,
    { flexDirection: 'column', borderStyle: 'round', borderColor: 'green', width: 30 },
    h(Text, { color: '#ff8800', bold: true }, 'tessera'),
    h(Text, { backgroundColor: 'blue', color: 'white' }, ' running '),
    h(Text, { dimColor: true, italic: true, underline: true, strikethrough: true, inverse: true }, 'styled'),
    h(Text, { color: 'ansi256(208)' }, 'orange'),
    h(Text, { backgroundColor: 'rgb(10,20,30)' }, 'dark'),
    h(Text, null, '● 中文 😀 e\u0301 ❯ …'),
  );
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    debug: true,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  for (let tries = 0; stdout.frames.length === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 5));
  // Taken before unmounting: Ink then writes cursor-restoring bytes, not a frame.
  const frame = stdout.frames.at(-1);
  instance.unmount();
  if (frame === undefined) throw new Error('Ink wrote no frame');
  return frame;
}

describe('ansiToCells on real Ink output', () => {
  it('keeps text, layout, colors and attributes of a rendered tree', async () => {
    const frame = await renderInk(40, 12);
    const grid = ansiToCells(frame, 40, 12);

    expect(grid.cell(0, 0)).toEqual({ text: '╭', width: 1, fg: paletteColor(2), bg: DEFAULT_COLOR, attrs: 0, ulColor: DEFAULT_COLOR });
    // Ink measured every line with its own widths: the right border must land in one column on every row.
    for (let y = 0; y < 8; y++) expect(grid.cell(29, y).text).toMatch(/[╮│╯]/);
    expect(grid.rowText(1).trimEnd()).toBe('│tessera'.padEnd(29) + '│');
    expect(grid.cell(1, 1)).toMatchObject({ fg: rgbColor(0xff, 0x88, 0x00), attrs: Attr.Bold });
    expect(grid.cell(2, 2)).toMatchObject({ text: 'r', fg: paletteColor(7), bg: paletteColor(4) });
    expect(grid.cell(1, 3).attrs).toBe(Attr.Dim | Attr.Italic | Attr.Underline | Attr.Strikethrough | Attr.Inverse);
    expect(grid.cell(1, 4).fg).toBe(paletteColor(208));
    expect(grid.cell(1, 5).bg).toBe(rgbColor(10, 20, 30));
    expect(grid.rowText(6).startsWith('│● 中文 😀 e\u0301 ❯ … ')).toBe(true);
    expect(grid.cell(3, 6)).toMatchObject({ text: '中', width: 2 });
    expect(grid.cell(4, 6)).toMatchObject({ text: '', width: 0 });
    expect(grid.cell(11, 6).text).toBe('e\u0301');
  });

  it('gives the same cells as a terminal that is sent the same output', async () => {
    const frame = await renderInk(40, 12);
    const term = outerTerminal(40, 12, true);
    await writeAll(term, frame);
    expect(screenDifferences(term, ansiToCells(frame, 40, 12))).toEqual([]);
  });
});

describe('ansiToCells', () => {
  it('reads 16, 256 and true colors in both separator styles, and turns them off again', () => {
    const g = ansiToCells('\x1b[31;44ma\x1b[38;5;200;48;2;1;2;3mb\x1b[38:2::9:8:7mc\x1b[38:5:17md\x1b[39;49me\x1b[95;103mf', 10, 1);
    expect([0, 1, 2, 3, 4, 5].map((x) => [g.cell(x, 0).fg, g.cell(x, 0).bg])).toEqual([
      [PALETTE16 | 1, PALETTE16 | 4],
      [PALETTE256 | 200, RGB | 0x010203],
      [RGB | 0x090807, RGB | 0x010203],
      [PALETTE256 | 17, RGB | 0x010203],
      [DEFAULT_COLOR, DEFAULT_COLOR],
      [PALETTE16 | 13, PALETTE16 | 11],
    ]);
  });

  it('keeps a low palette color selected with 38;5 apart from the same color selected with 31', () => {
    const g = ansiToCells('\x1b[31ma\x1b[38;5;1mb\x1b[48:5:9mc', 3, 1);
    expect([g.cell(0, 0).fg, g.cell(1, 0).fg, g.cell(2, 0).bg]).toEqual([PALETTE16 | 1, PALETTE256 | 1, PALETTE256 | 9]);
  });

  it('reads underline styles, underline colors and their resets', () => {
    const text =
      '\x1b[4:3ma\x1b[21mb\x1b[4mc\x1b[4:0md\x1b[4:5;58;5;196me\x1b[58:2::1:2:3mf\x1b[58;2;4;5;6mg\x1b[59mh' +
      '\x1b[24mi\x1b[4:mj\x1b[4:9mk\x1b[58;5;3;0ml';
    const g = ansiToCells(text, 12, 1);
    const cells = [...'abcdefghijkl'].map((_, x) => g.cell(x, 0));
    expect(cells.map((c) => underlineStyleOf(c.attrs))).toEqual([3, 2, 1, 0, 5, 5, 5, 5, 0, 1, 1, 0]);
    expect(cells.map((c) => c.ulColor)).toEqual([0, 0, 0, 0, PALETTE256 | 196, RGB | 0x010203, RGB | 0x040506, 0, 0, 0, 0, 0]);
    expect(cells[0].attrs & Attr.Underline).toBe(Attr.Underline);
  });

  it('reads underline styles and colors as a terminal sent the same output does', async () => {
    const text =
      '\x1b[4:2ma\x1b[4:3;58;5;9mb\x1b[4:1mc\x1b[0;21;58:2::200:100:0md\x1b[24me\x1b[4;31;58;5;1mf\x1b[4:4mg\x1b[4:5mh\x1b[0mi';
    const term = outerTerminal(10, 1);
    await writeAll(term, text);
    const g = ansiToCells(text, 10, 1);
    expect(screenDifferences(term, g)).toEqual([]);
    expect(underlineStyleOf(g.attrs[0])).toBe(UnderlineStyle.Double);
  });

  it('turns each attribute on and off with its own code', () => {
    const on = ansiToCells('\x1b[1;2;3;4;5;7;8;9;53mx\x1b[22;23;24;25;27;28;29;55my\x1b[4mz\x1b[0mw', 4, 1);
    expect(on.cell(0, 0).attrs).toBe(0x1ff);
    expect(underlineStyleOf(on.cell(0, 0).attrs)).toBe(UnderlineStyle.Single);
    expect(on.cell(1, 0).attrs).toBe(0);
    expect(on.cell(2, 0).attrs).toBe(Attr.Underline);
    expect(on.cell(3, 0).attrs).toBe(0);
  });

  it('skips other CSI, OSC and string sequences without printing any of them', () => {
    const text = '\x1b[2K\x1b[?25la\x1b]8;;https://example.com\x07b\x1b]8;;\x1b\\c\x1b[1Ad\x1bPq#0\x1b\\e\x1b(Bf';
    expect(ansiToCells(text, 10, 1).rowText(0)).toBe('abcdef    ');
  });

  it('cuts long lines, drops lines past the last row, and never splits a wide character at the edge', () => {
    const g = ansiToCells('abcdefgh\nxyz中\n1\n2\n3', 4, 3);
    expect([g.rowText(0), g.rowText(1), g.rowText(2)]).toEqual(['abcd', 'xyz ', '1   ']);
  });

  it('attaches combining marks to the cell before them, even across a style change', () => {
    const g = ansiToCells('e\x1b[31m\u0301x\n\u0301y', 4, 2);
    expect(g.cell(0, 0)).toMatchObject({ text: 'e\u0301', fg: DEFAULT_COLOR });
    expect(g.cell(1, 0)).toMatchObject({ text: 'x', fg: paletteColor(1) });
    expect(g.rowText(1)).toBe('y   ');
  });

  it('does not leave half a wide character when a carriage return writes over it', () => {
    const g = ansiToCells('中文\rab\r\x1b[C', 6, 1);
    expect(g.rowText(0)).toBe('ab文  ');
    const h = ansiToCells('中文\r.', 6, 1);
    expect(h.rowText(0)).toBe('. 文  ');
  });

  it('prints emoji and CJK two cells wide, and expands tabs', () => {
    const g = ansiToCells('😀x\tz', 10, 1);
    expect(g.cell(0, 0)).toMatchObject({ text: '😀', width: 2 });
    expect(g.cell(2, 0).text).toBe('x');
    expect(g.cell(8, 0).text).toBe('z');
  });
});

/** The slow, obvious reading of one line: whole-line segmentation, marks joining the cell before. */
function segmentedLine(line: string, cols: number): CellGrid {
  const g = new CellGrid(cols, 1);
  let x = 0;
  let last = -1;
  for (const { segment } of new Intl.Segmenter().segment(line)) {
    const width = graphemeWidth(segment);
    if (width === 0) {
      if (last >= 0) g.set(last, 0, g.textAt(last) + segment, g.widths[last], 0, 0, 0);
    } else if (x + width > cols) {
      break;
    } else {
      g.set(x, 0, segment, width, 0, 0, 0);
      last = x;
      x += width;
    }
  }
  return g;
}

describe('ansiToCells grapheme handling', () => {
  it('splits random mixed text exactly as segmenting the whole line would', () => {
    const pool = ['a', '1', '#', ' ', 'é', 'e', '\u0301', '\u0308', '中', '한', '\u1100', '\u1161', '\u11a8', '😀', '👍', '\u{1f3fd}',
      '\u200d', '\ufe0f', '\u20e3', '🇫', '🇷', '●', '│', '…', '\u00ad'];
    const random = seeded(9);
    for (let round = 0; round < 500; round++) {
      let line = '';
      const length = 1 + Math.floor(random() * 20);
      for (let k = 0; k < length; k++) line += pool[Math.floor(random() * pool.length)];
      const got = ansiToCells(line, 24, 1);
      const want = segmentedLine(line, 24);
      const cells = (g: CellGrid) => Array.from({ length: 24 }, (_, x) => g.cell(x, 0));
      expect(cells(got), JSON.stringify(line)).toEqual(cells(want));
    }
  });
});
