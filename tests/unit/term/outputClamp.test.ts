// The output clamp: real output passes untouched (whatever the chunking), hostile counts are cut to
// the screen with the same result on screen, and no slice holds more than a bounded amount of work.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLICE_WORK_BUDGET } from '../../../src/limits.js';
import { OutputClamp } from '../../../src/term/outputClamp.js';
import { Utf8Chunks, wholeCharactersEnd } from '../../../src/term/utf8Chunks.js';
import { outerTerminal, writeAll, type HeadlessTerminal } from './xtermScreen.js';

const SCREEN = { cols: 80, rows: 24 };
const FIXTURES = join(import.meta.dirname, '../../fidelity/fixtures');

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const text = (slices: Uint8Array[]): string => Buffer.concat(slices).toString('utf8');

/** The clamp reads whole characters: chunks cut anywhere go through Utf8Chunks first, as in a pane. */
function clamp(chunks: (string | Uint8Array)[], screen = SCREEN): string {
  const filter = new OutputClamp();
  const utf8 = new Utf8Chunks();
  const out: Uint8Array[] = [];
  for (const chunk of chunks) out.push(...filter.feed(utf8.next(Buffer.from(typeof chunk === 'string' ? bytes(chunk) : chunk)), screen));
  return text(out);
}

/** Every way of cutting `text`'s bytes in two, plus cuts every n bytes. */
function cuttings(input: string): Uint8Array[][] {
  const data = bytes(input);
  const out: Uint8Array[][] = [];
  for (let i = 0; i <= data.length; i++) out.push([data.subarray(0, i), data.subarray(i)]);
  for (const n of [1, 2, 3, 7]) {
    const parts: Uint8Array[] = [];
    for (let i = 0; i < data.length; i += n) parts.push(data.subarray(i, i + n));
    out.push(parts);
  }
  return out;
}

/** The screen (and scrollback) as text rows, plus the cursor. */
function snapshot(term: HeadlessTerminal): string {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < buffer.length; y++) rows.push(buffer.getLine(y)?.translateToString(true) ?? '');
  return `${rows.join('\n')}\ncursor ${buffer.cursorX},${buffer.cursorY}`;
}

async function screenAfter(data: string, screen = SCREEN): Promise<string> {
  const term = outerTerminal(screen.cols, screen.rows);
  await writeAll(term, data);
  const text = snapshot(term);
  term.dispose();
  return text;
}

const numbered = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\r\n') + '\x1b[5;3H';

describe('OutputClamp leaves ordinary output alone', () => {
  it('passes recorded sessions of real agents through unchanged, however they are chunked', () => {
    for (const name of ['claude-session-100x30.stream', 'codex-session-100x30.stream', 'scroll-regions-72x20.stream', 'build-log.ansi']) {
      const data = readFileSync(join(FIXTURES, name));
      const expected = data.toString('utf8');
      const screen = { cols: 100, rows: 30 };
      expect(clamp([data], screen)).toBe(expected);
      for (const size of [1, 5, 64, 1000]) {
        const parts: Uint8Array[] = [];
        for (let i = 0; i < data.length; i += size) parts.push(data.subarray(i, i + size));
        expect(clamp(parts, screen)).toBe(expected);
      }
    }
  });

  it('keeps counts within the screen, modes, colors, strings and broken sequences as they are', () => {
    const samples = [
      '\x1b[24L\x1b[5M\x1b[80@\x1b[1;1H\x1b[24;80H\x1b[3b\x1b[2J',
      '\x1b[?1049h\x1b[?2004h\x1b[?25l\x1b[38;2;255;100;0mx\x1b[58:2::1:2:3m\x1b[0m',
      '\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\',
      '\x1bP$qm\x1b\\\x1b(0qqq\x1b(B\x1b#8\x1b7\x1b8\x1bc',
      '\x1b[?99999$p\x1b[99999;99999t', // mode numbers and window ops are not counts
      'a\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;22;23;24;25;26;27;28;29;30;31;32;33;34mz',
      'unfinished \x1b[12', // waits for more, as xterm does
    ];
    for (const sample of samples) {
      const expected = sample.endsWith('\x1b[12') ? sample.slice(0, -4) : sample;
      for (const parts of cuttings(sample)) expect(clamp(parts)).toBe(expected);
    }
  });
});

describe('OutputClamp clamps counts and coordinates', () => {
  const cases: [string, string][] = [
    ['\x1b[99999999L', '\x1b[24L'],
    ['\x1b[10000000M', '\x1b[24M'],
    ['\x1b[99999999S\x1b[99999999T', '\x1b[24S\x1b[24T'],
    ['x\x1b[99999999b', `x\x1b[${80 * 24}b`],
    ['\x1b[999999999999999999999@\x1b[99999P\x1b[99999X', '\x1b[80@\x1b[80P\x1b[80X'],
    ['\x1b[99999;99999H\x1b[7;99999f', '\x1b[24;80H\x1b[7;80f'],
    ['\x1b[99999A\x1b[99999B\x1b[99999C\x1b[99999D\x1b[99999E\x1b[99999F', '\x1b[24A\x1b[24B\x1b[80C\x1b[80D\x1b[24E\x1b[24F'],
    ['\x1b[99999G\x1b[99999`\x1b[99999a\x1b[99999d\x1b[99999e', '\x1b[80G\x1b[80`\x1b[80a\x1b[24d\x1b[24e'],
    ['\x1b[99999I\x1b[99999Z', '\x1b[80I\x1b[80Z'],
    ['\x1b[99999;999999r', '\x1b[24;24r'],
    ['\x1b[99999 @\x1b[99999 A\x1b[99999\'}\x1b[99999\'~', '\x1b[80 @\x1b[80 A\x1b[80\'}\x1b[80\'~'],
    ['\x9b99999999L', '\x9b24L'], // the 8-bit CSI
    ['\x1b]0;title\x1b[99999L', '\x1b]0;title\x1b[24L'], // an ESC ends a string and starts a sequence
    ['\x1b[99999:1:2L', '\x1b[24:1:2L'], // sub-parameters stay
    ['\x1b[0099999999999999999999999999999999999999999999L', '\x1b[24L'],
  ];

  it.each(cases)('%j becomes %j, whole or split anywhere', (input, expected) => {
    for (const parts of cuttings(input)) expect(clamp(parts)).toBe(expected);
  });

  it('runs controls inside a sequence ahead of it, as xterm does, and clamps the sequence', () => {
    expect(clamp(['\x1b[99\n999L'])).toBe('\n\x1b[24L');
    expect(clamp(['\x1b\r[99999M'])).toBe('\r\x1b[24M');
    expect(clamp(['\x1b[9\x7f9999L'])).toBe('\x1b[24L'); // DEL is ignored inside, so this is 99999
    for (const parts of cuttings('ab\x1b[99\t999Lcd')) expect(clamp(parts)).toBe('ab\t\x1b[24Lcd');
  });

  it('uses the size of the screen it is given', () => {
    expect(clamp(['\x1b[500L\x1b[500;500H'], { cols: 200, rows: 60 })).toBe('\x1b[60L\x1b[60;200H');
  });

  it('drops a sequence too long to be real, but not the controls inside it', () => {
    const filter = new OutputClamp();
    const out = [filter.feed(bytes('a\x1b[1'), SCREEN), filter.feed(bytes(';1'.repeat(5000)), SCREEN), filter.feed(bytes('\n;1;1Lb'), SCREEN)];
    expect(text(out.flat())).toBe('a\nb');
  });

  // The same screen whether xterm gets the huge count (slowly) or the clamped one (at once).
  const equivalent = [
    '\x1b[3000L', '\x1b[3000M', '\x1b[3000S', '\x1b[3000T', '\x1b[3000@', '\x1b[3000P', '\x1b[3000X',
    '\x1b[3000;3000H', '\x1b[3000A', '\x1b[3000C', '\x1b[3000I', '\x1b[3000Z', '\x1b[3000d', '\x1b[3000e',
    '\x1b[2;3000r\x1b[3000L', '\x1b[10;20r\x1b[12H\x1b[3000M', '\x1b[3000 @', '\x1b[3000 A', "\x1b[3000'}", "\x1b[3000'~",
    'x\x1b[3000b', '\x1b[4h\x1b[3000@y',
  ];
  it.each(equivalent)('%j leaves the same screen clamped as not', async (sequence) => {
    const screen = { cols: 40, rows: 12 };
    const data = numbered + sequence + 'END';
    const direct = await screenAfter(data, screen);
    const clamped = clamp([data], screen);
    expect(clamped).not.toBe(data);
    const rows = (await screenAfter(clamped, screen)).split('\n');
    const directRows = direct.split('\n');
    // REP of more than a screenful also fills scrollback: compare the visible screen there.
    const visible = sequence.includes('b') ? -13 : 0;
    expect(rows.slice(visible)).toEqual(directRows.slice(visible));
  });
});

describe('OutputClamp bounds the work per slice', () => {
  it('cuts a flood of expensive sequences into slices of at most one budget (plus one sequence)', () => {
    const filter = new OutputClamp();
    const screen = { cols: 200, rows: 50 };
    const slices = filter.feed(bytes('\x1b[50L'.repeat(20_000)), screen);
    const perSequence = 50 * (200 + 50);
    expect(slices.length).toBeGreaterThan(10);
    for (const slice of slices) {
      const sequences = text([slice]).split('\x1b').length - 1;
      expect(sequences * perSequence).toBeLessThanOrEqual(SLICE_WORK_BUDGET + perSequence);
    }
    expect(text(slices)).toBe('\x1b[50L'.repeat(20_000));
  });

  it('counts a color sequence as one unit of work, and still clamps the sequence after one', () => {
    const filter = new OutputClamp();
    const color = '\x1b[1;38;2;10;20;30m';
    const slices = filter.feed(bytes(color.repeat(SLICE_WORK_BUDGET + 10)), SCREEN);
    expect(slices.map((slice) => slice.length)).toEqual([SLICE_WORK_BUDGET * color.length, 10 * color.length]);
    expect(clamp(['\x1b[31mX\x1b[999;999H\x1b[0m\x1b[5;9999H'])).toBe('\x1b[31mX\x1b[24;80H\x1b[0m\x1b[5;80H');
    // A color split across chunks, or with a control inside, goes the long way and comes out the same.
    expect(clamp(['\x1b[3', '1mX'])).toBe('\x1b[31mX');
    expect(clamp(['\x1b[3\n1mX'])).toBe('\n\x1b[31mX');
  });

  it('cuts plain text by characters and lines, never inside a sequence or a character', () => {
    const filter = new OutputClamp();
    const output = ('😀 some text — ok \x1b[31mred\x1b[0m\r\n').repeat(20_000);
    const slices = filter.feed(bytes(output), SCREEN);
    expect(slices.length).toBeGreaterThan(5);
    expect(text(slices)).toBe(output);
    for (const slice of slices) {
      expect(wholeCharactersEnd(slice)).toBe(slice.length);
      const sliceText = text([slice]);
      expect(sliceText.lastIndexOf('\x1b[')).toBeLessThan(sliceText.length - 1);
      expect(/\x1b\[[0-9;]*$/.test(sliceText)).toBe(false);
    }
  });
});

describe('OutputClamp bounds combining characters', () => {
  it('keeps real accented text and emoji sequences as they are', () => {
    const text = 'e\u0301 n\u0303 \u0915\u094d\u0937\u093f 👩‍👩‍👧‍👦 👍🏽 ✌️ Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357';
    for (const parts of cuttings(text)) expect(clamp(parts)).toBe(text);
  });

  it('drops combining characters past 16 on one character, even when escapes or controls come between', () => {
    expect(clamp(['e' + '\u0301'.repeat(100) + 'x'])).toBe('e' + '\u0301'.repeat(16) + 'x');
    expect(clamp(['e' + '\u0301\x1b[31m\x07'.repeat(40)])).toBe('e' + '\u0301\x1b[31m\x07'.repeat(16) + '\x1b[31m\x07'.repeat(24));
    const filter = new OutputClamp();
    const out = text(Array.from({ length: 10 }, () => filter.feed(bytes('\u0301'.repeat(10)), SCREEN)).flat());
    expect(out).toBe('\u0301'.repeat(16));
  });
});
