import { afterEach, describe, expect, it } from 'vitest';
import { CellGrid, DEFAULT_COLOR, paletteColor } from '../../../src/term/cellGrid.js';
import { Compositor, type PaneView, type Rect } from '../../../src/term/compositor.js';
import { Emulator } from '../../../src/term/emulator.js';
import { seeded, type Random } from './randomGrid.js';
import { outerTerminal, screenDifferences, writeAll, type HeadlessTerminal } from './xtermScreen.js';

const COLS = 41;
const ROWS = 12;
const LEFT: Rect = { x: 0, y: 1, width: 20, height: 10 };
const RIGHT: Rect = { x: 21, y: 1, width: 20, height: 10 };
const OVERLAY: Rect = { x: 8, y: 4, width: 20, height: 3 };
const CURSOR = { x: 0, y: 0, visible: false, shape: 0 };
const TRUE_COLOR = { trueColor: true };

const emulators: Emulator[] = [];
const terminals: HeadlessTerminal[] = [];

afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
  for (const t of terminals.splice(0)) t.dispose();
});

function emulator(rect: Rect): Emulator {
  const e = new Emulator({ cols: rect.width, rows: rect.height, scrollback: 20 });
  emulators.push(e);
  return e;
}

const feed = (e: Emulator, data: string) => new Promise<void>((resolve) => e.write(data, resolve));

/** Chrome: a header row, a divider between the panes and a status row, drawn with `mark`. */
function chrome(mark: string): CellGrid {
  const grid = new CellGrid(COLS, ROWS);
  for (let x = 0; x < COLS; x++) grid.set(x, 0, x < mark.length ? mark[x] : '─', 1, paletteColor(4), DEFAULT_COLOR, 0);
  for (let y = 1; y < ROWS - 1; y++) grid.set(20, y, '│', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
  for (let x = 0; x < COLS; x++) grid.set(x, ROWS - 1, mark[x % mark.length], 1, DEFAULT_COLOR, paletteColor(2), 0);
  return grid;
}

/** What the client's screen must show: the chrome, every pane read in full, the overlay on top. */
function expectedScreen(chromeGrid: CellGrid, views: PaneView[], overlay: Rect | undefined): CellGrid {
  const grid = new CellGrid(COLS, ROWS);
  grid.blit(chromeGrid, 0, 0, COLS, ROWS, 0, 0);
  for (const { emulator: e, content } of views) e.readInto(grid, content.x, content.y, content.width, content.height);
  if (overlay) grid.blit(chromeGrid, overlay.x, overlay.y, overlay.width, overlay.height, overlay.x, overlay.y);
  return grid;
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const TEXTS = ['plain text', 'wide 中文字 here', 'emoji 😀🚀 row', 'e\u0301 combined a\u0308', 'box ╭──╮ │ok│', 'x'];
const STYLES = ['', '\x1b[31m', '\x1b[1;38;5;200m', '\x1b[38;2;10;200;30;48;5;17m', '\x1b[4m', '\x1b[4:3;58;5;196m', '\x1b[7;3m', '\x1b[2;9m'];

/** A random piece of program output: text in every style, moves, erases, scrolls, inserts, the alternate screen, links. */
function randomOutput(random: Random): string {
  const style = pick(random, STYLES);
  const text = pick(random, TEXTS);
  switch (Math.floor(random() * 11)) {
    case 0:
      return `\x1b[${1 + Math.floor(random() * 10)};${1 + Math.floor(random() * 18)}H${style}${text}\x1b[0m`;
    case 1:
      return `${style}${text}\x1b[0m\r\n`.repeat(1 + Math.floor(random() * 12));
    case 2:
      return `\x1b[${1 + Math.floor(random() * 10)};1H\x1b[${pick(random, ['K', '1K', '2K', 'J', '2J'])}`;
    case 3:
      return `\x1b[${1 + Math.floor(random() * 10)};1H\x1b[${1 + Math.floor(random() * 3)}${pick(random, ['L', 'M', 'S', 'T', '@', 'P'])}`;
    case 4:
      return pick(random, ['\x1b[?1049h', '\x1b[?1049l']);
    case 5:
      return `\x1b]8;;https://example.com/${Math.floor(random() * 3)}\x07${text}\x1b]8;;\x07`;
    case 6:
      return `\x1bM\x1b[H${style}${text}`;
    default: {
      // A TUI repainting every row, most of them as they were: the case row-level reading skips.
      const frame = Math.floor(random() * 3);
      let out = '\x1b[?2026h\x1b[H';
      for (let row = 0; row < 10; row++) {
        const same = row !== frame;
        out += `\x1b[${row + 1};1H${same ? '\x1b[38;5;244m' : style}${(same ? `row ${row} stays` : text).padEnd(20).slice(0, 19)}\x1b[0m`;
      }
      return out + '\x1b[?2026l';
    }
  }
}

describe('Compositor', () => {
  it('keeps the client screen equal to every pane read in full, whatever the panes print', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const random = seeded(seed);
      const left = emulator(LEFT);
      const right = emulator(RIGHT);
      const views: PaneView[] = [
        { emulator: left, content: LEFT },
        { emulator: right, content: RIGHT },
      ];
      const compositor = new Compositor(COLS, ROWS);
      const outer = outerTerminal(COLS, ROWS);
      terminals.push(outer);
      let chromeGrid = chrome('tessera');
      let overlay: Rect | undefined;
      compositor.setChrome(chromeGrid);
      for (let step = 0; step < 60; step++) {
        const roll = random();
        if (roll < 0.06) {
          overlay = overlay ? undefined : OVERLAY;
          chromeGrid = chrome(`step ${step}`);
          compositor.setChrome(chromeGrid, overlay);
        } else if (roll < 0.08) {
          compositor.repaintAll();
        } else {
          const target = random() < 0.5 ? left : right;
          await feed(target, randomOutput(random));
          compositor.markDirty(target);
        }
        await writeAll(outer, compositor.render(views, CURSOR, TRUE_COLOR));
        const want = expectedScreen(chromeGrid, views, overlay);
        expect(screenDifferences(outer, want).slice(0, 3), `seed ${seed}, step ${step}`).toEqual([]);
      }
    }
  });

  it('keeps the cursor where its pane was last drawn while that pane is held back', async () => {
    const left = emulator(LEFT);
    const compositor = new Compositor(COLS, ROWS);
    const views: PaneView[] = [{ emulator: left, content: LEFT }];
    const cursorAt = (x: number) => ({ x, y: 1, visible: true, shape: 0 });
    compositor.setChrome(chrome('tessera'));
    const outer = outerTerminal(COLS, ROWS);
    terminals.push(outer);
    await feed(left, 'ab');
    await writeAll(outer, compositor.render(views, cursorAt(2), { ...TRUE_COLOR, cursorPane: left }));
    expect(outer.buffer.active.cursorX).toBe(2);

    await feed(left, 'cd');
    compositor.markDirty(left);
    await writeAll(outer, compositor.render(views, cursorAt(4), { ...TRUE_COLOR, isHeld: () => true, cursorPane: left }));
    expect(outer.buffer.active.cursorX).toBe(2); // the cells of "cd" are not drawn yet, nor is the cursor after them
    await writeAll(outer, compositor.render(views, cursorAt(4), { ...TRUE_COLOR, isHeld: () => false, cursorPane: left }));
    expect(outer.buffer.active.cursorX).toBe(4);
    expect(outer.buffer.active.getLine(1)?.translateToString(true)).toBe('abcd                │');
  });

  it('sends nothing when a pane repaints what it already shows', async () => {
    const left = emulator(LEFT);
    const compositor = new Compositor(COLS, ROWS);
    const views: PaneView[] = [{ emulator: left, content: LEFT }];
    const repaint = '\x1b[?2026h\x1b[H' + Array.from({ length: 10 }, (_, row) => `\x1b[3${row % 8}mline ${row}\x1b[0m`).join('\r\n') + '\x1b[?2026l';
    await feed(left, repaint);
    compositor.setChrome(chrome('tessera'));
    expect(compositor.render(views, CURSOR, TRUE_COLOR)).not.toBe('');
    await feed(left, repaint);
    compositor.markDirty(left);
    expect(compositor.render(views, CURSOR, TRUE_COLOR)).toBe('');
  });
});
