// A pane emulator whose older lines live in the compact history reads exactly like one whose xterm
// keeps every line itself: same captures (plain and styled), same scroll-mode lines, same limit.

import { afterEach, describe, expect, it } from 'vitest';
import { captureScreen } from '../../../../src/term/capture.js';
import { Emulator } from '../../../../src/term/emulator.js';
import { PaneScroll } from '../../../../src/server/session/paneScroll.js';

const emulators: Emulator[] = [];
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

/** The emulator under test (history margin 10) and a reference whose xterm keeps all of its history. */
function pair(cols: number, rows: number, scrollback: number): { compact: Emulator; reference: Emulator } {
  const compact = new Emulator({ cols, rows, scrollback, historyMargin: 10 });
  const reference = new Emulator({ cols, rows, scrollback, historyMargin: Number.MAX_SAFE_INTEGER });
  emulators.push(compact, reference);
  return { compact, reference };
}

const write = (emulator: Emulator, text: string) => new Promise<void>((resolve) => emulator.write(text, resolve));

async function writeBoth(both: { compact: Emulator; reference: Emulator }, text: string): Promise<void> {
  await Promise.all([write(both.compact, text), write(both.reference, text)]);
}

const all = (emulator: Emulator, ansi: boolean) => captureScreen(emulator, { ansi, start: '-' });

/** Output with every kind of cell: colors of each kind, attributes, underline styles and colors, wide and combining characters, links, colored blanks, long wrapping lines. */
function richOutput(lines: number, seed = 1): string {
  let n = seed;
  const next = () => (n = (n * 1103515245 + 12345) % 2147483648);
  let out = '';
  for (let i = 0; i < lines; i++) {
    const kind = next() % 9;
    let line = `${i} `;
    if (kind === 0) line += `\x1b[31mred\x1b[0m \x1b[38;5;208morange\x1b[0m \x1b[38;2;1;2;3;48;2;200;100;50mrgb\x1b[0m`;
    else if (kind === 1) line += '\x1b[1;3;7mbold italic inverse\x1b[22;23;27m \x1b[9;53;2mstrike over dim\x1b[0m';
    else if (kind === 2) line += '\x1b[4:3;58;5;196mcurly red\x1b[59m default\x1b[24m \x1b[21mdouble\x1b[0m';
    else if (kind === 3) line += '日本語の行 wide 表 e\u0301 combining 👩‍💻 zwj';
    else if (kind === 4) line += '\x1b]8;id=a;https://example.com/a\x1b\\link\x1b]8;;\x1b\\ after';
    else if (kind === 5) line += '\x1b[44mblue tail\x1b[K\x1b[0m';
    else if (kind === 6) line += 'long '.repeat(5 + (next() % 30));
    else if (kind === 7) line += `${' '.repeat(next() % 20)}indented   gaps   in   it`;
    out += `${line}\r\n`;
  }
  return out;
}

describe('a pane emulator with a compact history', () => {
  it('captures its whole history exactly like xterm keeping every line, plain and styled', async () => {
    const both = pair(40, 6, 1000);
    await writeBoth(both, richOutput(600));
    expect(both.compact.memory().historyLines).toBeGreaterThan(500);
    expect(both.compact.terminal.buffer.normal.length).toBeLessThanOrEqual(6 + 10);
    expect(all(both.compact, false)).toBe(all(both.reference, false));
    expect(all(both.compact, true)).toBe(all(both.reference, true));
    expect(captureScreen(both.compact, { ansi: true, start: -300, end: -200 })).toBe(captureScreen(both.reference, { ansi: true, start: -300, end: -200 }));
  });

  it('keeps exactly the last lines of a full history', async () => {
    const both = pair(30, 5, 120);
    for (let round = 0; round < 4; round++) await writeBoth(both, richOutput(97, round + 2));
    const lines = all(both.compact, false).split('\n');
    expect(lines.length).toBe(120 + 5 + 1);
    expect(all(both.compact, true)).toBe(all(both.reference, true));
    expect(both.compact.activeLines.dropped).toBe(both.reference.activeLines.dropped);
  });

  it('keeps lines that a scroll region at the top pushes into the history', async () => {
    const both = pair(20, 6, 200);
    // Rows 1–4 scroll; rows 5–6 stay (a status line below a log).
    await writeBoth(both, '\x1b[1;4r\x1b[4;1H');
    await writeBoth(both, richOutput(80));
    await writeBoth(both, '\x1b[r');
    expect(all(both.compact, true)).toBe(all(both.reference, true));
  });

  it('forgets the whole history on clear (ED 3) and on a reset (RIS), and keeps it behind the alternate screen', async () => {
    const both = pair(30, 5, 300);
    await writeBoth(both, richOutput(100));
    await writeBoth(both, '\x1b[?1049h\x1b[Halternate\r\n');
    expect(all(both.compact, false)).toBe(all(both.reference, false));
    await writeBoth(both, '\x1b[?1049l');
    expect(all(both.compact, true)).toBe(all(both.reference, true));
    await writeBoth(both, '\x1b[H\x1b[2J\x1b[3J');
    expect(all(both.compact, false)).toBe(all(both.reference, false));
    expect(both.compact.memory().historyLines).toBe(0);
    await writeBoth(both, richOutput(100, 5));
    await writeBoth(both, '\x1bc');
    expect(all(both.compact, false)).toBe(all(both.reference, false));
    await writeBoth(both, richOutput(50, 6));
    expect(all(both.compact, true)).toBe(all(both.reference, true));
  });

  it('loses no line on a resize: older lines keep their width, recent ones are rewrapped', async () => {
    const { compact } = pair(40, 6, 1000);
    let text = '';
    for (let i = 0; i < 300; i++) text += `line ${i}\r\n`;
    await write(compact, text);
    compact.resize(12, 4);
    compact.resize(60, 8);
    compact.resize(25, 5);
    const numbers = all(compact, false)
      .split('\n')
      .map((line) => /^line (\d+)$/.exec(line.trim())?.[1])
      .filter((n) => n !== undefined)
      .map(Number);
    expect(numbers).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  it('shows scroll mode the same lines as a reference, and holds the view while lines move into the history', async () => {
    const both = pair(30, 5, 400);
    await writeBoth(both, richOutput(200));
    const compact = new PaneScroll(both.compact, false);
    const reference = new PaneScroll(both.reference, false);
    expect(compact.view.buffer.length).toBe(reference.view.buffer.length);
    for (let line = 0; line < compact.view.buffer.length; line++) {
      expect(compact.view.buffer.cells(line)).toEqual(reference.view.buffer.cells(line));
      expect(compact.view.buffer.wrapped(line)).toBe(reference.view.buffer.wrapped(line));
    }
    compact.sync().scroll(-50);
    reference.sync().scroll(-50);
    const top = (scroll: PaneScroll) => scroll.view.buffer.text(scroll.sync().top);
    const before = top(compact);
    expect(before).toBe(top(reference));
    await writeBoth(both, richOutput(30, 9));
    expect(top(compact)).toBe(before);
    // Past the limit the oldest lines fall off the top, and both views move alike.
    for (let round = 0; round < 6; round++) {
      await writeBoth(both, richOutput(40, 10 + round));
      expect(top(compact)).toBe(top(reference));
      expect(compact.view.top).toBe(reference.view.top);
    }
    expect(both.compact.activeLines.dropped).toBeGreaterThan(0);
    compact.dispose();
    reference.dispose();
  });
});
