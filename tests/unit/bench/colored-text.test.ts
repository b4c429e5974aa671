import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildColoredText, buildFullWidthLines, coloredLines } from '../../../bench/lib/colored-text.js';

const SGR = /\x1b\[[0-9;]*m/g;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('buildColoredText', () => {
  it('is exactly the requested size', () => {
    for (const bytes of [100, 4096, 1_000_000, 1_000_003]) {
      expect(buildColoredText({ bytes, seed: 1, sentinel: 'END' }).length).toBe(bytes);
    }
  });

  it('is the same text for the same seed, run after run', () => {
    const first = buildColoredText({ bytes: 200_000, seed: 42, sentinel: 'END' });
    const second = buildColoredText({ bytes: 200_000, seed: 42, sentinel: 'END' });
    expect(sha256(second)).toBe(sha256(first));
  });

  it('is a different text for another seed', () => {
    const one = buildColoredText({ bytes: 200_000, seed: 1, sentinel: 'END' });
    const two = buildColoredText({ bytes: 200_000, seed: 2, sentinel: 'END' });
    expect(sha256(two)).not.toBe(sha256(one));
  });

  it('ends with the sentinel alone on its line, and holds it nowhere else', () => {
    const text = buildColoredText({ bytes: 300_000, seed: 3, sentinel: 'TESSERA-BENCH-END' }).toString();
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)?.replace(SGR, '')).toBe('TESSERA-BENCH-END');
    expect(text.split('TESSERA-BENCH-END').length).toBe(2);
  });

  it('colors runs with 16-color, 256-color and true-color SGR sequences', () => {
    const text = buildColoredText({ bytes: 100_000, seed: 4, sentinel: 'END' }).toString();
    expect(text).toMatch(/\x1b\[(3[0-7]|9[0-7])m/);
    expect(text).toMatch(/\x1b\[38;5;\d+m/);
    expect(text).toMatch(/\x1b\[38;2;\d+;\d+;\d+m/);
  });

  it('refuses a size too small for the sentinel', () => {
    expect(() => buildColoredText({ bytes: 3, seed: 1, sentinel: 'TESSERA-BENCH-END' })).toThrow(RangeError);
  });
});

describe('coloredLines', () => {
  it('keeps every line within the asked widths', () => {
    const lines = coloredLines(5, { minWidth: 30, maxWidth: 60 });
    for (let index = 0; index < 200; index += 1) {
      const shown = [...(lines.next().value as string).replace(SGR, '').replace('\n', '')].length;
      expect(shown).toBeGreaterThanOrEqual(30);
      expect(shown).toBeLessThanOrEqual(60);
    }
  });
});

describe('buildFullWidthLines', () => {
  it('makes the asked number of lines, each exactly the asked width', () => {
    const lines = buildFullWidthLines({ count: 50, width: 200, seed: 7 }).toString().split('\n').slice(0, -1);
    expect(lines).toHaveLength(50);
    for (const line of lines) expect([...line.replace(SGR, '')]).toHaveLength(200);
  });
});
