// How many terminal cells a grapheme or a string occupies, in agreement with xterm's unicode11 tables.
//
// Single code points follow East Asian Width (wide/fullwidth = 2, ambiguous = 1) plus
// Emoji_Presentation = 2, and marks / format characters = 0, which is what xterm's unicode11
// addon does for everything Unicode 11 knows. Emoji sequences (VS16, ZWJ, keycaps, flags) are
// 2 like Ink's own measurement, so a chrome layer parsed from Ink keeps Ink's layout.

import { eastAsianWidth } from 'get-east-asian-width';
import { graphemeSegmenter } from './graphemes.js';

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;
// Made when first needed (an emoji sequence), from a literal: `new RegExp(…, 'v')` is built from
// scratch at run time on Node 20 (25–50 ms, every emoji sequence Unicode lists), a literal comes
// with the compiled code. Node 20 has the `v` flag; TypeScript allows it only for a newer target.
let rgiEmoji: RegExp | undefined;
// @ts-expect-error TS1501: the `v` flag needs target es2024 in TypeScript, not in Node 20
const rgiEmojiPattern = (): RegExp => (rgiEmoji ??= /^\p{RGI_Emoji}$/v);
const PICTOGRAPHIC = /\p{Extended_Pictographic}/gu;
const KEYCAP = /^[\d#*]\uFE0F?\u20E3$/u;

const SOFT_HYPHEN = 0xad;
const ZWJ = '\u200D';
const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;
// Hangul medial vowels and final consonants join the preceding leading consonant.
const isHangulJoiningJamo = (cp: number): boolean => cp >= 0x1160 && cp <= 0x11ff;


/** Cells taken by one code point on its own: 0 (controls, marks, format characters), 1 or 2. */
export function codePointWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x7f) return cp < 0x20 ? 0 : 1;
  if (cp < 0xa0) return 0;
  if (cp === SOFT_HYPHEN) return 1;
  const ch = String.fromCodePoint(cp);
  if (ZERO_WIDTH.test(ch) || isHangulJoiningJamo(cp)) return 0;
  if (EMOJI_PRESENTATION.test(ch) && !isRegionalIndicator(cp)) return 2;
  return eastAsianWidth(cp);
}

/** Graphemes measured so far: the same few symbols come back in every chrome frame. */
const measured = new Map<string, 0 | 1 | 2>();
/** Bound on `measured`, so text that never repeats cannot grow it without limit. */
const MAX_MEASURED = 4096;

/** Cells taken by one grapheme cluster (as `Intl.Segmenter` splits text): 0, 1 or 2. */
export function graphemeWidth(grapheme: string): 0 | 1 | 2 {
  if (grapheme.length === 1 && grapheme < '\x7f') return grapheme < ' ' ? 0 : 1;
  let width = measured.get(grapheme);
  if (width === undefined) {
    if (measured.size >= MAX_MEASURED) measured.clear();
    width = measure(grapheme);
    measured.set(grapheme, width);
  }
  return width;
}

function measure(grapheme: string): 0 | 1 | 2 {
  const first = grapheme.codePointAt(0);
  if (first === undefined) return 0;
  if (grapheme.length === 1 || (first > 0xffff && grapheme.length === 2)) return codePointWidth(first);
  if (isWideEmojiSequence(grapheme)) return 2;
  // Otherwise the first code point that takes space decides; the rest is combined into it.
  for (const ch of grapheme) {
    const width = codePointWidth(ch.codePointAt(0) ?? 0);
    if (width > 0) return width;
  }
  return 0;
}

function isWideEmojiSequence(grapheme: string): boolean {
  if (KEYCAP.test(grapheme) || rgiEmojiPattern().test(grapheme)) return true;
  if (!grapheme.includes(ZWJ)) return false;
  const pictographs = grapheme.match(PICTOGRAPHIC);
  return pictographs !== null && pictographs.length >= 2;
}

/** Cells taken by a whole string of printable text (no escape sequences). */
export function textWidth(text: string): number {
  let width = 0;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x7f) {
      ascii = false;
      break;
    }
    if (c >= 0x20) width++;
  }
  if (ascii) return width;
  width = 0;
  for (const { segment } of graphemeSegmenter.segment(text)) width += graphemeWidth(segment);
  return width;
}
