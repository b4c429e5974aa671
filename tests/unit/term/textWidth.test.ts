import { describe, expect, it } from 'vitest';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { codePointWidth, graphemeWidth, textWidth } from '../../../src/term/textWidth.js';
import { outerTerminal, writeAll } from './xtermScreen.js';

/** What the chrome draws: ASCII, box drawing, symbols, CJK, emoji (Unicode ≤ 11), combining marks. */
const SAMPLES = [
  ...Array.from({ length: 95 }, (_, k) => String.fromCharCode(0x20 + k)),
  ...Array.from({ length: 0xa0 }, (_, k) => String.fromCodePoint(0x2500 + k)), // box drawing, blocks
  ...'●○◆◇·•❯❮›…✓✗✔✘⏵⏸▶◀▲▼★☆→←↑↓⎿⏺✻✢✳∙±×÷°§¶©®™€£¥',
  ...'éñüßλπΩжЖ',
  ...'中文字漢あいアカ한국어ＡＢ（）、。',
  ...['😀', '😃', '🚀', '✅', '❌', '⭐', '🎉', '🔥', '👍', '🤖', '🧠', '🦀', '⌛', '⏳'],
  'e\u0301',
  'a\u0300\u0301',
  'n\u0303',
  'o\u0308',
  '中\u0301',
];

/** Code point ranges chrome may draw from, where our widths must match xterm's unicode11 tables exactly. */
const RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x24f], // Latin
  [0x300, 0x36f], // combining diacritics
  [0x370, 0x52f], // Greek, Cyrillic
  [0x2000, 0x2bff], // punctuation, arrows, math, technical, box drawing, shapes, symbols, dingbats
  [0x3000, 0x30ff], // CJK punctuation, kana
  [0x4e00, 0x9fff], // CJK ideographs
  [0xac00, 0xd7a3], // Hangul syllables
  [0xff00, 0xffef], // half- and fullwidth forms
  [0x1f300, 0x1f64f], // pictographs, emoticons
  [0x1f680, 0x1f6d5], // transport (through Unicode 11)
];
/** Unicode 16 made the Yijing trigram and digram symbols wide; xterm's tables (and most terminals) predate it. */
const KNOWN_NEWER = (cp: number): boolean => (cp >= 0x2630 && cp <= 0x2637) || (cp >= 0x268a && cp <= 0x268f);

/** xterm's unicode11 width function, taken from the addon without a terminal. */
function unicode11Width(): (cp: number) => number {
  let provider: { wcwidth(cp: number): number } | undefined;
  const fakeTerminal = { unicode: { register: (p: { wcwidth(cp: number): number }) => (provider = p) } };
  new Unicode11Addon().activate(fakeTerminal as unknown as Parameters<Unicode11Addon['activate']>[0]);
  if (provider === undefined) throw new Error('the unicode11 addon registered no provider');
  const found = provider;
  return (cp) => found.wcwidth(cp);
}

describe('textWidth', () => {
  it('agrees with a headless xterm (unicode11) on every sample chrome uses', async () => {
    const term = outerTerminal(10, 1);
    const disagreements: string[] = [];
    for (const sample of SAMPLES) {
      await writeAll(term, `\x1b[H\x1b[2K${sample}`);
      const advance = term.buffer.active.cursorX;
      if (graphemeWidth(sample) !== advance) disagreements.push(`${JSON.stringify(sample)}: ours ${graphemeWidth(sample)}, xterm ${advance}`);
    }
    expect(disagreements).toEqual([]);
  });

  it("matches xterm's unicode11 width for every code point in the ranges chrome draws from", () => {
    const xtermWidth = unicode11Width();
    const disagreements: string[] = [];
    for (const [from, to] of RANGES) {
      for (let cp = from; cp <= to; cp++) {
        if (KNOWN_NEWER(cp)) continue;
        if (codePointWidth(cp) !== xtermWidth(cp)) disagreements.push(`U+${cp.toString(16)}: ours ${codePointWidth(cp)}, xterm ${xtermWidth(cp)}`);
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
  });

  it('counts emoji sequences as two cells, as Ink lays them out', () => {
    expect(graphemeWidth('👨\u200d👩\u200d👧')).toBe(2);
    expect(graphemeWidth('🇫🇷')).toBe(2);
    expect(graphemeWidth('⚠\ufe0f')).toBe(2);
    expect(graphemeWidth('1\ufe0f\u20e3')).toBe(2);
    expect(graphemeWidth('👍🏽')).toBe(2);
  });

  it('gives zero to marks and format characters on their own, and to the empty string', () => {
    expect(graphemeWidth('\u0301')).toBe(0);
    expect(graphemeWidth('\u200d')).toBe(0);
    expect(graphemeWidth('')).toBe(0);
    expect(codePointWidth(0x1b)).toBe(0);
  });

  it('adds up a string by graphemes', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('● 中文 e\u0301 😀')).toBe(1 + 1 + 4 + 1 + 1 + 1 + 2);
  });
});
