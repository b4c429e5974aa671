// Reading xterm's cell array directly gives exactly what the public cell API gives.

import { afterEach, describe, expect, it } from 'vitest';
import type { IBufferLine } from '@xterm/headless';
import { CellGrid, DEFAULT_COLOR } from '../../../src/term/cellGrid.js';
import { Emulator } from '../../../src/term/emulator.js';
import { copyLineCells, type Underline } from '../../../src/term/xtermCell.js';

const emulators: Emulator[] = [];
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

/** Every kind of cell: colors of each form, attributes, wide and combined graphemes, underlines, blanks. */
const SCREEN =
  '\x1b[31mred\x1b[91mbright\x1b[38;5;9m9\x1b[38;5;200mpink\x1b[38;2;1;2;3mrgb\x1b[48;5;17mbg\x1b[0m ' +
  '\x1b[1mb\x1b[2md\x1b[3mi\x1b[5mk\x1b[7mv\x1b[8mh\x1b[9ms\x1b[53mo\x1b[0m\r\n' +
  '宽字 e\u0301 👍🏽 🏳️‍🌈 x\r\n' +
  '\x1b[4mu\x1b[4:3mc\x1b[58;5;196mC\x1b[0m \x1b]8;;http://x\x07link\x1b]8;;\x07 end\r\n' +
  '\x1b[44m\x1b[Kfilled\x1b[0m';

describe('copyLineCells', () => {
  it('reads the same cells from xterm internals as through the public API', async () => {
    const cols = 40;
    const rows = 4;
    const emulator = new Emulator({ cols, rows, scrollback: 0 });
    emulators.push(emulator);
    await new Promise<void>((resolve) => emulator.write(SCREEN, resolve));
    const buffer = emulator.terminal.buffer.active;
    const cell = buffer.getNullCell();
    const underline: Underline = { style: 0, color: DEFAULT_COLOR };
    const fast = new CellGrid(cols, rows);
    const slow = new CellGrid(cols, rows);
    for (let y = 0; y < rows; y++) {
      const line = buffer.getLine(y) as IBufferLine;
      copyLineCells(line, cell, underline, fast, 0, y, cols, (id) => id);
      // The same line without xterm's internals: the public API only.
      const publicOnly: IBufferLine = { isWrapped: line.isWrapped, length: line.length, getCell: (x, c) => line.getCell(x, c), translateToString: (...a) => line.translateToString(...a) };
      copyLineCells(publicOnly, cell, underline, slow, 0, y, cols, (id) => id);
    }
    for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) {
      expect([x, y, fast.cell(x, y)]).toEqual([x, y, slow.cell(x, y)]);
      expect([x, y, fast.links.get(fast.index(x, y))]).toEqual([x, y, slow.links.get(slow.index(x, y))]);
    }
    expect(fast.rowText(1).trimEnd()).toBe('宽字 e\u0301 👍🏽 🏳️‍🌈 x');
  });
});

describe('privateModeReader', () => {
  it('reads the modes a program sets and resets exactly as the public modes getter says them', async () => {
    const emulator = new Emulator({ cols: 20, rows: 4, scrollback: 0 });
    emulators.push(emulator);
    const publicModes = () => emulator.terminal.modes;
    const write = (data: string) => new Promise<void>((resolve) => emulator.write(data, resolve));
    expect([emulator.applicationCursorKeys, emulator.bracketedPaste, emulator.synchronizedOutput]).toEqual([false, false, false]);
    await write('\x1b[?1h\x1b[?2004h\x1b[?2026h');
    expect([emulator.applicationCursorKeys, emulator.bracketedPaste, emulator.synchronizedOutput]).toEqual([true, true, true]);
    expect([publicModes().applicationCursorKeysMode, publicModes().bracketedPasteMode, publicModes().synchronizedOutputMode]).toEqual([true, true, true]);
    await write('\x1bc'); // a full reset replaces xterm's flags object: the readers follow it
    expect([emulator.applicationCursorKeys, emulator.bracketedPaste, emulator.synchronizedOutput]).toEqual([false, false, false]);
    await write('\x1b[?2004h');
    expect(emulator.bracketedPaste).toBe(publicModes().bracketedPasteMode);
  });
});
