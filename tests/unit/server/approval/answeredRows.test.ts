// Answered question rows on a real headless xterm: followed through scrolling, kept while the answer is typed after
// them, forgotten once they show something else, on the normal and the alternate screen.

import { afterEach, describe, expect, it } from 'vitest';
import { AnsweredRows } from '../../../../src/server/approval/answeredRows.js';
import { Emulator } from '../../../../src/term/emulator.js';

const emulators: Emulator[] = [];
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

function setup(rows = 4) {
  const emulator = new Emulator({ cols: 30, rows, scrollback: 50 });
  emulators.push(emulator);
  const answered = new AnsweredRows(emulator.terminal);
  const write = (text: string) => new Promise<void>((resolve) => emulator.write(text, resolve));
  const read = () => {
    const { lines, wrapped } = emulator.liveScreen();
    return answered.blank(lines, wrapped);
  };
  const mark = (row: number) => answered.add(row, emulator.liveScreen().lines[row]);
  return { write, read, mark, answered };
}

describe('answered rows', () => {
  it('blank the row while the typed answer grows it, and follow it as the screen scrolls', async () => {
    const s = setup();
    await s.write('Q? (y/n) ');
    s.mark(0);
    await s.write('y\r\n');
    expect(s.read()).toEqual(['', '', '', '']);
    await s.write('a\r\nb\r\nc\r\n');
    // The question scrolled into the history: what is on screen is the agent's later output.
    expect(s.read()).toEqual(['a', 'b', 'c', '']);
  });

  it('forget a row that shows something else, so the same question asked there again counts', async () => {
    const s = setup();
    await s.write('Q? (y/n) ');
    s.mark(0);
    await s.write('\r\x1b[2Kother');
    expect(s.read()[0]).toBe('other');
    await s.write('\r\x1b[2KQ? (y/n) ');
    expect(s.read()[0]).toMatch(/^Q\? \(y\/n\)/);
  });

  it('on the alternate screen, keep the row by its place, and forget it when the program leaves that screen', async () => {
    const s = setup();
    await s.write('\x1b[?1049h\x1b[2;1HAllow? [y/n]');
    s.mark(1);
    expect(s.read()[1]).toBe('');
    await s.write('\x1b[?1049l\x1b[?1049h\x1b[2;1HAllow? [y/n]');
    expect(s.read()[1]).toBe('Allow? [y/n]');
  });

  it('ignore an empty row', async () => {
    const s = setup();
    s.mark(2);
    await s.write('\x1b[3;1Hlater text');
    expect(s.read()[2]).toBe('later text');
  });
});
