import { describe, expect, it } from 'vitest';
import { InputDecoder, type KeyToken } from '../../../src/term/keys/decode.js';
import { MAX_SEQUENCE_CHARS } from '../../../src/term/keys/sequence.js';
import { seededRandom } from '../mosaic/trees.js';

const ESC = '\x1b';

const SAMPLE = [
  'ab',
  `${ESC}[1;5A`,
  `${ESC}OB`,
  `${ESC}[3~`,
  `${ESC}[92;69u`,
  `${ESC}[27;5;92~`,
  '\x1c',
  `${ESC}x`,
  `${ESC}[200~pasted ${ESC}[A text${ESC}[201~`,
  `${ESC}[I`,
  `${ESC}[<35;10;4M`,
  `${ESC}[M!!!`,
  `${ESC}]11;rgb:0000/0000/0000${ESC}\\`,
  '😀é',
  `${ESC}[[B`,
  '\x00',
  `${ESC}[97:65;2u`,
].join('');

function decodeWhole(input: string): KeyToken[] {
  const decoder = new InputDecoder();
  return [...decoder.feed(input), ...decoder.flush()];
}

describe('InputDecoder across feeds', () => {
  it('gives the same tokens wherever the input is split in two', () => {
    const whole = decodeWhole(SAMPLE);
    expect(whole.map((t) => t.raw).join('')).toBe(SAMPLE);
    for (let cut = 0; cut <= SAMPLE.length; cut++) {
      const decoder = new InputDecoder();
      const tokens = [...decoder.feed(SAMPLE.slice(0, cut)), ...decoder.feed(SAMPLE.slice(cut)), ...decoder.flush()];
      expect(tokens, `split at ${cut}`).toEqual(whole);
    }
  });

  it('gives the same tokens when fed one character at a time', () => {
    const decoder = new InputDecoder();
    const tokens: KeyToken[] = [];
    for (const unit of SAMPLE.split('')) tokens.push(...decoder.feed(unit));
    tokens.push(...decoder.flush());
    expect(tokens).toEqual(decodeWhole(SAMPLE));
  });
});

describe('InputDecoder on garbage', () => {
  const alphabet = [ESC, ESC, ESC, '[', '[', 'O', ']', 'P', '<', 'M', 'm', 'u', '~', ';', ':', '?', '$', '\\', '\x07', '\x9c', '\x9b',
    '0', '1', '2', '5', '7', '9', 'A', 'Z', 'a', ' ', '\x00', '\x1c', '\x7f', '\r', '\ud83d', '\ude00', 'é', `${ESC}[200~`, `${ESC}[201~`];

  it('never throws and never loses or invents a character, however the input is cut and flushed', () => {
    const random = seededRandom(2024);
    for (let round = 0; round < 2000; round++) {
      let input = '';
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) input += alphabet[Math.floor(random() * alphabet.length)];
      const decoder = new InputDecoder();
      const tokens: KeyToken[] = [];
      let at = 0;
      while (at < input.length) {
        const next = Math.min(input.length, at + 1 + Math.floor(random() * 8));
        tokens.push(...decoder.feed(input.slice(at, next)));
        if (random() < 0.3) tokens.push(...decoder.flush());
        at = next;
      }
      tokens.push(...decoder.flush());
      const out = tokens.map((t) => t.raw).join('');
      if (decoder.inPaste()) expect(input.startsWith(out), JSON.stringify(input)).toBe(true);
      else {
        expect(out, JSON.stringify(input)).toBe(input);
        expect(decoder.pending()).toBe(false);
      }
      for (const token of tokens) {
        expect(token.raw.length, JSON.stringify(input)).toBeGreaterThan(0);
        if (token.kind === 'paste') expect(token.raw).toBe(`${ESC}[200~${token.paste}${ESC}[201~`);
      }
    }
  });

  it('gives up on an endless sequence instead of waiting for ever', () => {
    const input = `${ESC}[${'1;'.repeat(200)}`;
    const decoder = new InputDecoder();
    const tokens = decoder.feed(input);
    expect(tokens[0]).toEqual({ kind: 'unknown', raw: input.slice(0, MAX_SEQUENCE_CHARS) });
    expect(tokens.map((t) => t.raw).join('')).toBe(input);
    expect(decoder.pending()).toBe(false);
  });

  it('decodes a large paste in 4 KB pieces into one paste token', () => {
    const text = 'x'.repeat(1 << 20);
    const decoder = new InputDecoder();
    const tokens: KeyToken[] = [decoder.feed(`${ESC}[200~`)].flat();
    for (let i = 0; i < text.length; i += 4096) tokens.push(...decoder.feed(text.slice(i, i + 4096)));
    tokens.push(...decoder.feed(`${ESC}[201~`));
    expect(tokens).toHaveLength(1);
    expect(tokens[0].paste).toBe(text);
  });
});
