// A pane's output bytes become whole, valid UTF-8 characters before the clamp and the emulator read
// them, however the PTY cut them: the same text a streaming text decoder makes of the whole stream.

import { describe, expect, it } from 'vitest';
import { characterStart, Utf8Chunks, wholeCharactersEnd } from '../../../src/term/utf8Chunks.js';

const SAMPLES = [
  'plain ascii \x1b[31mred\x1b[0m',
  'é — … ‘quotes’ • ✓ ⠋ │ ─ 日本語 😀 👩‍👩‍👧‍👦 e\u0301',
  '\u0080\u009b\u009d\u00a0\u07ff\u0800\uffff\u{10000}\u{10ffff}', // every length's edges, and C1 controls
];
/** Bytes that are not UTF-8: stray continuations, overlong forms, surrogates, past U+10FFFF, cut characters. */
const INVALID = [[0xff], [0x80], [0xc0, 0xaf], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc3, 0x28]];

/** What a streaming decoder makes of the chunks: the text every pane showed when node-pty decoded it. */
function decoded(chunks: Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

function throughChunks(chunks: Uint8Array[]): { text: string; outputs: Buffer[] } {
  const utf8 = new Utf8Chunks();
  const outputs = chunks.map((chunk) => utf8.next(Buffer.from(chunk)));
  outputs.push(utf8.end());
  return { text: Buffer.concat(outputs).toString('utf8'), outputs };
}

/** `data` cut at every pair of points (every way into three parts). */
function* everyCut(data: Buffer): Generator<Uint8Array[]> {
  for (let a = 0; a <= data.length; a++) {
    for (let b = a; b <= data.length; b++) yield [data.subarray(0, a), data.subarray(a, b), data.subarray(b)];
  }
}

describe('Utf8Chunks', () => {
  it('gives whole characters, however the bytes were cut, and the same text a decoder gives', () => {
    for (const sample of SAMPLES) {
      const data = Buffer.from(sample, 'utf8');
      for (const chunks of everyCut(data)) {
        const { text, outputs } = throughChunks(chunks);
        expect(text).toBe(sample);
        for (const output of outputs) {
          expect(wholeCharactersEnd(output)).toBe(output.length);
          expect(output.toString('utf8')).not.toContain('\ufffd');
        }
      }
    }
  });

  it('turns bytes that are not UTF-8 into U+FFFD exactly as a decoder does, whole or cut', () => {
    for (const bad of INVALID) {
      const data = Buffer.from([0x61, ...bad, 0x62, 0xe2, 0x80, 0xa6, ...bad]);
      for (const chunks of everyCut(data)) {
        const { text } = throughChunks(chunks);
        expect(text).toBe(decoded(chunks));
        expect(text).toContain('\ufffd');
      }
    }
  });

  it('hands back the chunk itself when it is whole and valid (no copy)', () => {
    const chunk = Buffer.from('box ─│ and ascii', 'utf8');
    expect(new Utf8Chunks().next(chunk)).toBe(chunk);
  });

  it('finds where a character starts, for cutting long output between characters', () => {
    const data = Buffer.from('a…b', 'utf8'); // 61 E2 80 A6 62
    expect([0, 1, 2, 3, 4, 5, 9].map((index) => characterStart(data, index))).toEqual([0, 1, 1, 1, 4, 5, 5]);
  });
});
