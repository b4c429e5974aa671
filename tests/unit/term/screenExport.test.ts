// A pane's picture handed to a new server as terminal output: a fresh emulator of the same size that
// reads it shows the same scrollback (compact history included), screen, alternate screen, cursor
// and modes.

import { afterEach, describe, expect, it } from 'vitest';
import { CellGrid } from '../../../src/term/cellGrid.js';
import { Emulator } from '../../../src/term/emulator.js';
import type { PaneLines } from '../../../src/term/history/paneLines.js';
import { exportScreen } from '../../../src/term/screenExport.js';

const emulators: Emulator[] = [];
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

const COLS = 30;
const ROWS = 8;

function emulator(): Emulator {
  // A small margin: most history goes to the compact store, which the export must read too.
  const e = new Emulator({ cols: COLS, rows: ROWS, scrollback: 500, historyMargin: 5 });
  emulators.push(e);
  return e;
}

const write = (e: Emulator, data: string): Promise<void> => new Promise((resolve) => e.write(data, resolve));

/** Each line of a screen: its cells (text and style) and whether it wraps on from the line above. */
function picture(lines: PaneLines): string[] {
  const grid = new CellGrid(COLS, 1);
  const out: string[] = [];
  for (let line = 0; line < lines.length; line++) {
    lines.readRow(line, grid, 0, 0, COLS);
    let cells = '';
    for (let x = 0; x < COLS; x++) {
      const i = grid.index(x, 0);
      cells += `${grid.textAt(i)}${grid.fg[i] || grid.bg[i] || grid.attrs[i] ? `{${grid.fg[i]},${grid.bg[i]},${grid.attrs[i]},${grid.links.get(i) ?? 0}}` : ''}`;
    }
    out.push(`${lines.wrapped(line) ? '+' : ' '}${cells}`);
  }
  return out;
}

async function roundTrip(source: Emulator): Promise<Emulator> {
  const copy = emulator();
  await write(copy, exportScreen(source));
  return copy;
}

describe('exportScreen', () => {
  it('gives back the scrollback, the screen and the cursor, styles, links and soft wraps included', async () => {
    const source = emulator();
    let output = '';
    for (let i = 0; i < 60; i++) output += `\x1b[3${i % 8}mline ${i}\x1b[0m \x1b[1;48;5;${i}mbold\x1b[0m\r\n`;
    output += `${'w'.repeat(COLS + 7)}\r\n`; // wraps onto a second row
    output += 'see \x1b]8;;https://example.com/x\x1b\\the link\x1b]8;;\x1b\\ here\r\n';
    output += 'wide 漢字 and e\u0301\r\nprompt$ ';
    await write(source, output);
    expect(source.lines('normal').history).toBeGreaterThan(40);
    const copy = await roundTrip(source);
    expect(picture(copy.lines('normal'))).toEqual(picture(source.lines('normal')));
    expect({ x: copy.cursorX, y: copy.cursorY }).toEqual({ x: source.cursorX, y: source.cursorY });
  });

  it('gives back the alternate screen over the normal one, and the normal cursor for when the program leaves it', async () => {
    const source = emulator();
    await write(source, 'shell line\r\nprompt$ vim');
    await write(source, '\x1b[?1049h\x1b[H\x1b[2J\x1b[1;1Hfile contents\x1b[8;1H\x1b[7m-- INSERT --\x1b[0m\x1b[3;5H');
    const copy = await roundTrip(source);
    expect(copy.terminal.buffer.active.type).toBe('alternate');
    expect(picture(copy.lines('alternate'))).toEqual(picture(source.lines('alternate')));
    expect({ x: copy.cursorX, y: copy.cursorY }).toEqual({ x: 4, y: 2 });
    await write(source, '\x1b[?1049l');
    await write(copy, '\x1b[?1049l');
    expect(picture(copy.lines('normal'))).toEqual(picture(source.lines('normal')));
    expect({ x: copy.cursorX, y: copy.cursorY }).toEqual({ x: source.cursorX, y: source.cursorY });
  });

  it('gives back the modes that change what the program receives: keys, paste, mouse, focus, cursor, keyboard flags', async () => {
    const source = emulator();
    await write(source, '\x1b[?1h\x1b[?2004h\x1b[?1002h\x1b[?1006h\x1b[?1004h\x1b[?25l\x1b[5 q\x1b[>1u');
    const copy = await roundTrip(source);
    const keys = (e: Emulator) => ({ applicationCursorKeys: e.applicationCursorKeys, bracketedPaste: e.bracketedPaste, keyboardFlags: e.keyboardFlags });
    expect(keys(copy)).toEqual({ applicationCursorKeys: true, bracketedPaste: true, keyboardFlags: 1 });
    expect(copy.mouseTracking).toEqual({ tracking: 'drag', encoding: 'sgr' });
    expect(copy.terminal.modes.sendFocusMode).toBe(true);
    expect({ visible: copy.cursorVisible, shape: copy.cursorShape }).toEqual({ visible: false, shape: 5 });
  });

  it('gives back a scroll region, so a program that set one goes on scrolling only inside it', async () => {
    const source = emulator();
    await write(source, '\x1b[2;6r\x1b[4;3Hx');
    const copy = await roundTrip(source);
    for (const e of [source, copy]) await write(e, '\x1b[6;1H\nnext');
    expect(picture(copy.lines('normal'))).toEqual(picture(source.lines('normal')));
    expect({ x: copy.cursorX, y: copy.cursorY }).toEqual({ x: source.cursorX, y: source.cursorY });
  });
});
