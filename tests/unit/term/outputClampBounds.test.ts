// The output clamp's bounds on what one cell and one string may hold (issue 27): combining characters
// from every plane count toward the cap, a repeat (REP) costs what it copies, and strings (OSC, DCS)
// are cut or dropped at their limits while they arrive, however the output is chunked.

import { describe, expect, it } from 'vitest';
import {
  MAX_CLIPBOARD_SEQUENCE_BYTES,
  MAX_COMBINING_MARKS,
  MAX_CONTROL_STRING_BYTES,
  MAX_CWD_REPORT_BYTES,
  MAX_HYPERLINK_SEQUENCE_BYTES,
  MAX_NOTIFICATION_BYTES,
  MAX_TITLE_BYTES,
  SLICE_WORK_BUDGET,
} from '../../../src/limits.js';
import { isCombining } from '../../../src/term/combiningMarks.js';
import { OutputClamp } from '../../../src/term/outputClamp.js';
import { Utf8Chunks } from '../../../src/term/utf8Chunks.js';
import { outerTerminal, writeAll } from './xtermScreen.js';

const SCREEN = { cols: 80, rows: 24 };
const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const text = (slices: Uint8Array[]): string => Buffer.concat(slices).toString('utf8');

/**
 * Clamps `input` cut into chunks of `size` bytes (whole characters, as a pane's output reaches it);
 * the OSC numbers dropped too, and the strings taken out of the output.
 */
function clampIn(input: string, size = Infinity): { out: string; slices: Uint8Array[]; dropped: number[]; taken: [number, string][] } {
  const dropped: number[] = [];
  const taken: [number, string][] = [];
  const filter = new OutputClamp({ dropped: (ident) => dropped.push(ident), taken: (ident, data) => taken.push([ident, data]) });
  const utf8 = new Utf8Chunks();
  const data = bytes(input);
  const slices: Uint8Array[] = [];
  const step = Math.min(size, data.length || 1);
  for (let i = 0; i < data.length; i += step) slices.push(...filter.feed(utf8.next(data.subarray(i, i + step)), SCREEN));
  return { out: text(slices), slices, dropped, taken };
}

/** The same input cut at a few sizes, among them one byte at a time. */
const CHUNK_SIZES = [Infinity, 1, 7, 4096, 16 << 10];

describe('combining characters from every plane count toward the cap', () => {
  const nonBmp = ['\u{E0100}', '\u{E0001}', '\u{E0020}', '\u{E007F}', '\u{1D167}', '\u{1D173}'];

  it.each(nonBmp)('%j: the emulator adds it to the cell before it, and the clamp keeps 16', (mark) => {
    expect(isCombining(mark.codePointAt(0)!)).toBe(true);
    expect(clampIn('a' + mark.repeat(100) + 'x').out).toBe('a' + mark.repeat(MAX_COMBINING_MARKS) + 'x');
  });

  it('counts marks of both planes together, and zero-width characters xterm joins (U+200B)', () => {
    const mixed = '\u0301\u{E0100}\u200b'.repeat(20);
    expect(clampIn('a' + mixed + 'x').out).toBe('a' + [...mixed].slice(0, MAX_COMBINING_MARKS).join('') + 'x');
  });

  it('keeps spacing marks, which take a cell of their own in the emulator', () => {
    const spacing = '\u093e'.repeat(40); // DEVANAGARI VOWEL SIGN AA: a mark, but one cell wide in xterm
    expect(isCombining(0x93e)).toBe(false);
    expect(clampIn('\u0915' + spacing).out).toBe('\u0915' + spacing);
  });

  it('keeps a stream of non-BMP marks to 16 on one cell, however it is chunked', async () => {
    const stream = 'a' + '\u{E0100}'.repeat(50_000);
    for (const size of CHUNK_SIZES) expect(clampIn(stream, size).out).toBe('a' + '\u{E0100}'.repeat(16));
    const term = outerTerminal(80, 24);
    await writeAll(term, clampIn(stream).out);
    expect(term.buffer.active.getLine(0)?.getCell(0)?.getChars()).toBe('a' + '\u{E0100}'.repeat(16));
    term.dispose();
  });
});

describe('a repeat (REP) costs the text it copies', () => {
  const repCost = (cellText: number) => SCREEN.cols * SCREEN.rows * cellText;

  it.each([
    ['plain', 'a', 1],
    ['16 accents', 'a' + '\u0301'.repeat(16), 17],
    ['16 marks beyond the BMP', 'a' + '\u{E0100}'.repeat(16), 33],
  ])('%s: a slice holds at most a budget of repeats (plus one)', (_name, cell, units) => {
    const sequence = `\r\n${cell}\x1b[99999999b`;
    const { slices, out } = clampIn(sequence.repeat(200));
    expect(out).toBe(`\r\n${cell}\x1b[${SCREEN.cols * SCREEN.rows}b`.repeat(200));
    for (const slice of slices) {
      const repeats = text([slice]).split('b').length - 1;
      expect(repeats * repCost(units)).toBeLessThanOrEqual(SLICE_WORK_BUDGET + repCost(units));
    }
  });
});

describe('titles are cut as they arrive', () => {
  it('keeps the first MAX_TITLE_BYTES bytes of a 10 MB title, ending in a whole character', () => {
    for (const [title, end] of [
      ['T'.repeat(10_000_000), '\x07'],
      ['é'.repeat(5_000_000), '\x1b\\'],
      ['x' + '€'.repeat(3_000_000), '\x07'], // 3-byte characters: the limit falls inside one
    ]) {
      for (const size of [Infinity, 16 << 10, 4093]) {
        const { out, slices } = clampIn(`\x1b]2;${title}${end}after`, size);
        const kept = bytes(title).subarray(0, MAX_TITLE_BYTES).toString('utf8').replace(/\ufffd$/, '');
        expect(out).toBe(`\x1b]2;${kept}${end}after`);
        expect(Buffer.byteLength(kept)).toBeGreaterThan(MAX_TITLE_BYTES - 4);
        expect(slices.reduce((sum, slice) => sum + slice.length, 0)).toBeLessThan(MAX_TITLE_BYTES + 64);
      }
    }
  });

  it('cuts OSC 0 and 1 too, and the 8-bit OSC (U+009D), and leaves a title under the limit alone', () => {
    const long = 'y'.repeat(MAX_TITLE_BYTES + 10);
    expect(clampIn(`\x1b]0;${long}\x07`).out).toBe(`\x1b]0;${long.slice(0, MAX_TITLE_BYTES)}\x07`);
    expect(clampIn(`\x1b]1;${long}\x07`).out).toBe(`\x1b]1;${long.slice(0, MAX_TITLE_BYTES)}\x07`);
    expect(clampIn(`\u009d2;${long}\u009c`).out).toBe(`\u009d2;${long.slice(0, MAX_TITLE_BYTES)}\u009c`);
    const fits = 'z'.repeat(MAX_TITLE_BYTES);
    for (const size of CHUNK_SIZES) expect(clampIn(`\x1b]2;${fits}\x07`, size).out).toBe(`\x1b]2;${fits}\x07`);
  });

  it('gives xterm the cut title, and what follows the string is read as before', async () => {
    const term = outerTerminal(80, 24);
    const titles: string[] = [];
    term.onTitleChange((title) => titles.push(title));
    await writeAll(term, clampIn(`\x1b]2;${'T'.repeat(1_000_000)}\x07\x1b[99999Ldone`).out);
    expect(titles).toEqual(['T'.repeat(MAX_TITLE_BYTES)]);
    expect(term.buffer.active.getLine(0)?.translateToString(true)).toBe('done');
    term.dispose();
  });
});

describe('strings a cut would change are dropped whole at their limits', () => {
  const dropCases: [string, number, number][] = [
    ['OSC 8 hyperlink', 8, MAX_HYPERLINK_SEQUENCE_BYTES],
    ['OSC 7 working directory', 7, MAX_CWD_REPORT_BYTES],
    ['OSC 1337 (nobody reads it)', 1337, MAX_CONTROL_STRING_BYTES],
    ['OSC 4 colours', 4, MAX_CONTROL_STRING_BYTES],
  ];

  it.each(dropCases)('%s: cancelled (CAN) where it passes its limit, its BEL dropped, the program told', (_name, ident, limit) => {
    const data = 'd'.repeat(limit + 100);
    for (const size of [Infinity, 1000, 4096]) {
      const { out, dropped } = clampIn(`\x1b]${ident};${data}\x07text`, size);
      expect(out).toBe(`\x1b]${ident};${data.slice(0, limit)}\x18text`);
      expect(dropped).toEqual([ident]);
    }
    const fits = clampIn(`\x1b]${ident};${data.slice(0, limit)}\x07text`);
    expect(fits.out).toBe(`\x1b]${ident};${data.slice(0, limit)}\x07text`);
    expect(fits.dropped).toEqual([]);
  });

  it('an OSC 8 too long leaves no link in xterm, and its text is shown', async () => {
    const term = outerTerminal(80, 24);
    const uri = 'https://example.com/' + 'a'.repeat(MAX_HYPERLINK_SEQUENCE_BYTES);
    await writeAll(term, clampIn(`\x1b]8;;${uri}\x1b\\LINK\x1b]8;;\x1b\\ after`).out);
    expect(term.buffer.active.getLine(0)?.translateToString(true)).toBe('LINK after');
    const cell = term.buffer.active.getLine(0)?.getCell(0) as unknown as { extended?: { urlId?: number } };
    expect(cell.extended?.urlId ?? 0).toBe(0);
    term.dispose();
  });

  it('bounds a DCS (BEL is part of its data there) and a string of digits that never ends its number', () => {
    const dcs = clampIn(`\x1bP$q${'\x07m'.repeat(MAX_CONTROL_STRING_BYTES)}\x1b\\x`);
    expect(dcs.out).toBe(`\x1bP$q${'\x07m'.repeat((MAX_CONTROL_STRING_BYTES - 2) / 2)}\x18\x1b\\x`);
    expect(dcs.dropped).toEqual([]);
    const digits = clampIn(`\x1b]${'9'.repeat(MAX_CONTROL_STRING_BYTES + 10)}\x07`);
    expect(digits.out).toBe(`\x1b]${'9'.repeat(MAX_CONTROL_STRING_BYTES)}\x18`);
  });
});

describe('clipboard writes are taken out of the output whole, never built up by the emulator', () => {
  it('hands the data over where the string ends as xterm runs it, and gives the emulator a cancelled, empty one', () => {
    for (const [end, after] of [['\x07', ''], ['\u009c', ''], ['\x1b\\', '\x1b\\']]) {
      for (const size of [Infinity, 1, 2, 5]) {
        expect(clampIn(`a\x1b]52;c;aG\rk=${end}b`, size)).toEqual({ out: `a\x1b]52;\x18${after}b`, slices: expect.any(Array), dropped: [], taken: [[52, 'c;aGk=']] });
      }
    }
  });

  it('hands nothing over for a write cancelled by the program, or too long', () => {
    expect(clampIn('\x1b]52;c;aGk=\x18b')).toEqual({ out: '\x1b]52;\x18b', slices: expect.any(Array), dropped: [], taken: [] });
    const fits = 'Q'.repeat(MAX_CLIPBOARD_SEQUENCE_BYTES - 2);
    expect(clampIn(`\x1b]52;c;${fits}\x07`, 4096).taken).toEqual([[52, `c;${fits}`]]);
    for (const size of [Infinity, 4096]) {
      const over = clampIn(`\x1b]52;c;${fits}QQ\x07b`, size);
      expect(over).toEqual({ out: '\x1b]52;\x18b', slices: expect.any(Array), dropped: [52], taken: [] });
    }
  });
});

describe('notification texts are cut as they arrive', () => {
  it.each([9, 99, 777])('OSC %i', (ident) => {
    const body = (ident === 777 ? 'notify;title;' : '') + 'n'.repeat(1_000_000);
    const { out, dropped } = clampIn(`\x1b]${ident};${body}\x07`, 16 << 10);
    expect(out).toBe(`\x1b]${ident};${body.slice(0, MAX_NOTIFICATION_BYTES)}\x07`);
    expect(dropped).toEqual([]);
  });
});

describe('strings end where xterm ends them', () => {
  it('passes controls inside an OSC, which xterm ignores, and ends it at ESC, CAN, SUB or a C1 control', () => {
    const long = 'w'.repeat(MAX_TITLE_BYTES + 5);
    expect(clampIn(`\x1b]2;a\rb\x1b\\`).out).toBe(`\x1b]2;a\rb\x1b\\`);
    expect(clampIn(`\x1b]2;${long}\x18\x1b[99999L`).out).toBe(`\x1b]2;${long.slice(0, MAX_TITLE_BYTES)}\x18\x1b[24L`);
    expect(clampIn(`\x1b]2;${long}\x1a\x1b[99999M`).out).toBe(`\x1b]2;${long.slice(0, MAX_TITLE_BYTES)}\x1a\x1b[24M`);
    expect(clampIn(`\x1b]2;${long}\u009b99999L`).out).toBe(`\x1b]2;${long.slice(0, MAX_TITLE_BYTES)}\u009b24L`);
    // A new OSC from inside one starts counting afresh.
    expect(clampIn(`\x1b]2;${long}\u009d2;${long}\x07`).out).toBe(`\x1b]2;${long.slice(0, MAX_TITLE_BYTES)}\u009d2;${long.slice(0, MAX_TITLE_BYTES)}\x07`);
  });

  it('keeps real strings as they are, however they are cut', () => {
    const real = '\x1b]0;~/src\x07\x1b]7;file://host/home/me\x1b\\\x1b]133;A\x07\x1b]8;id=1;https://e.com\x1b\\x\x1b]8;;\x1b\\\x1bP$qm\x1b\\';
    for (const size of [1, 2, 3, 5, 11, Infinity]) expect(clampIn(real, size)).toEqual({ out: real, slices: expect.any(Array), dropped: [], taken: [] });
  });
});
