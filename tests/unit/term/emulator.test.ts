import { afterEach, describe, expect, it } from 'vitest';
import type { IBufferCell } from '@xterm/headless';
import { captureScreen } from '../../../src/term/capture.js';
import {
  Attr,
  CellGrid,
  DEFAULT_COLOR,
  PALETTE16,
  PALETTE256,
  RGB,
  UnderlineStyle,
  underlineStyleOf,
} from '../../../src/term/cellGrid.js';
import { diffFrames } from '../../../src/term/differ.js';
import { Emulator } from '../../../src/term/emulator.js';
import { readUnderline } from '../../../src/term/xtermCell.js';
import { outerTerminal, screenDifferences, writeAll } from './xtermScreen.js';

const emulators: Emulator[] = [];

async function screenOf(bytes: string, cols = 16, rows = 2): Promise<{ emulator: Emulator; grid: CellGrid }> {
  const emulator = new Emulator({ cols, rows, scrollback: 10 });
  emulators.push(emulator);
  await new Promise<void>((resolve) => emulator.write(bytes, resolve));
  const grid = new CellGrid(cols, rows);
  emulator.readInto(grid, 0, 0, cols, rows);
  return { emulator, grid };
}

afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

/** Underline styles and colors of every kind, with the resets (21 is double, 59 the default color). */
const UNDERLINES =
  '\x1b[4:0ma\x1b[4:1mb\x1b[4:2mc\x1b[4:3md\x1b[4:4me\x1b[4:5mf\x1b[0;21mg\x1b[0m ' +
  '\x1b[4;58;5;196mh\x1b[59mi\x1b[4:3;58;2;0;200;255mj\x1b[58:2::1:2:3mk\x1b[24ml\x1b[0m';

describe('Emulator.readInto', () => {
  it('keeps a palette color selected with 38;5;N apart from the same color selected with 31 or 91', async () => {
    const { grid } = await screenOf('\x1b[31ma\x1b[38;5;1mb\x1b[91;48;5;9mc\x1b[38;5;200;101md\x1b[38;2;1;2;3me');
    expect([0, 1, 2, 3, 4].map((x) => [grid.fg[x], grid.bg[x]])).toEqual([
      [PALETTE16 | 1, DEFAULT_COLOR],
      [PALETTE256 | 1, DEFAULT_COLOR],
      [PALETTE16 | 9, PALETTE256 | 9],
      [PALETTE256 | 200, PALETTE16 | 9],
      [RGB | 0x010203, PALETTE16 | 9],
    ]);
  });

  it('reads underline styles and underline colors, and their resets', async () => {
    const { grid } = await screenOf(UNDERLINES);
    const cells = [...'abcdefg hijkl'].map((_, x) => grid.cell(x, 0));
    expect(cells.map((c) => underlineStyleOf(c.attrs))).toEqual([0, 1, 2, 3, 4, 5, 2, 0, 1, 1, 3, 3, 0]);
    expect(cells.map((c) => c.ulColor)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, PALETTE256 | 196, 0, RGB | 0x00c8ff, RGB | 0x010203, 0]);
  });

  it('gives a cell an underline color only while it is underlined', async () => {
    const { grid } = await screenOf('\x1b[58;5;3ma\x1b[4mb\x1b[24mc');
    expect([grid.ulColor[0], grid.ulColor[1], grid.ulColor[2]]).toEqual([0, PALETTE256 | 3, 0]);
  });

  it('passes a program screen through the differ to an outer terminal unchanged', async () => {
    const bytes = `\x1b[1;31ma\x1b[38;5;1mb\x1b[0m\r\n${UNDERLINES.replace('\x1b[59m', '\x1b[0;4m')}`;
    const { emulator, grid } = await screenOf(bytes);
    expect(screenDifferences(emulator.terminal, grid)).toEqual([]);
    const outer = outerTerminal(16, 2);
    await writeAll(outer, diffFrames(null, grid, { trueColor: true }));
    expect(screenDifferences(outer, grid)).toEqual([]);
    outer.dispose();
  });
});

describe('readUnderline', () => {
  it('falls back to a plain underline in the text color when xterm internals are missing', () => {
    const bare = (underlined: boolean) => ({ isUnderline: () => (underlined ? 1 : 0) }) as unknown as IBufferCell;
    const out = { style: -1, color: -1 };
    readUnderline(bare(true), out);
    expect(out).toEqual({ style: UnderlineStyle.Single, color: DEFAULT_COLOR });
    readUnderline(bare(false), out);
    expect(out).toEqual({ style: UnderlineStyle.None, color: DEFAULT_COLOR });
  });
});

describe('captureScreen with ansi', () => {
  it('keeps palette forms, underline styles and underline colors', async () => {
    const { emulator } = await screenOf(`\x1b[31ma\x1b[38;5;1mb\x1b[0m ${UNDERLINES}`, 20, 1);
    const captured = captureScreen(emulator, { ansi: true });
    expect(captured).toContain('\x1b[0;31;49ma\x1b[0;38;5;1;49mb');
    expect(captured).toContain('\x1b[0;39;49;4:3md');
    expect(captured).toContain('\x1b[0;39;49;4;58;5;196mh');
    expect(captured).toContain('\x1b[0;39;49;4:3;58;2;0;200;255mj');
    expect(captured).not.toMatch(/[[;]59[;m]/);
  });

  it('draws the same cells again when written to a terminal', async () => {
    const bytes = `\x1b[1;31ma\x1b[38;5;1;48;2;9;9;9mb\x1b[0m ${UNDERLINES.replace('\x1b[59m', '\x1b[0;4m')}`;
    const { emulator, grid } = await screenOf(bytes, 20, 1);
    const outer = outerTerminal(20, 1, true);
    await writeAll(outer, captureScreen(emulator, { ansi: true }).trimEnd());
    expect(screenDifferences(outer, grid)).toEqual([]);
    expect(grid.attrs[0] & Attr.Bold).toBe(Attr.Bold);
    outer.dispose();
  });
});

/** Feeds each chunk in turn and returns what `ours` says after each, checking it against `xterms`. */
async function feedChecking<T>(emulator: Emulator, chunks: string[], ours: () => T, xterms: () => T): Promise<T[]> {
  const seen: T[] = [];
  for (const bytes of chunks) {
    await new Promise<void>((resolve) => emulator.write(bytes, resolve));
    expect(ours()).toBe(xterms());
    seen.push(ours());
  }
  return seen;
}

describe('Emulator modes read from xterm directly', () => {
  it('follows DEC 2026 (synchronized output) as xterm itself reports it, through a reset too', async () => {
    const { emulator } = await screenOf('');
    const chunks = ['\x1b[?2026h', 'text', '\x1b[?2026l', '\x1b[?2026h', '\x1bc', '\x1b[?2026h', '\x1b[!p'];
    const seen = await feedChecking(emulator, chunks, () => emulator.synchronizedOutput, () => emulator.terminal.modes.synchronizedOutputMode);
    expect(seen).toEqual([true, true, false, true, false, true, false]);
  });

  it('follows the mouse modes a program asks for as xterm itself reports them', async () => {
    const { emulator } = await screenOf('');
    const chunks = ['', '\x1b[?9h', '\x1b[?1000h', '\x1b[?1002h', '\x1b[?1003h', '\x1b[?1003l', '\x1bc'];
    const seen = await feedChecking(emulator, chunks, () => emulator.mouseTracking.tracking, () => emulator.terminal.modes.mouseTrackingMode);
    expect(seen).toEqual(['none', 'x10', 'vt200', 'drag', 'any', 'none', 'none']);
  });
});

describe('Emulator.write with the bytes a program wrote', () => {
  const parse = (emulator: Emulator, data: Buffer | string) => new Promise<void>((resolve) => emulator.write(data, resolve));

  it('shows a character cut between two reads, whatever the cut (xterm alone loses `…` cut after E2 80)', async () => {
    const data = Buffer.from('a…b—c😀d', 'utf8');
    for (let cut = 0; cut <= data.length; cut++) {
      const emulator = new Emulator({ cols: 16, rows: 2, scrollback: 10 });
      emulators.push(emulator);
      await parse(emulator, data.subarray(0, cut));
      await parse(emulator, data.subarray(cut));
      expect(emulator.liveScreen().lines[0]).toBe('a…b—c😀d');
    }
  });

  it('shows bytes that are not UTF-8 as U+FFFD, as a decoding terminal does, and an unfinished character at the end too', async () => {
    const emulator = new Emulator({ cols: 16, rows: 2, scrollback: 10 });
    emulators.push(emulator);
    await parse(emulator, Buffer.from([0x61, 0xff, 0x62, 0xc3, 0x28, 0x63, 0xe2, 0x80]));
    await new Promise<void>((resolve) => emulator.programEnded(resolve));
    expect(emulator.liveScreen().lines[0]).toBe('a\ufffdb\ufffd(c\ufffd');
  });
});
