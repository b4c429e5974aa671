// Graphemes are sent to the outer terminal in a form it draws at the pane's width.

import { describe, expect, test } from 'vitest';
import { isEmojiModifier, isRegionalIndicator, opensFlag, outerGlyph } from '../../../src/term/outerGlyph.js';

describe('outerGlyph', () => {
  test('an emoji cell of a ZWJ sequence loses its joiner, so the terminal cannot join it with the next cell', () => {
    expect(outerGlyph('👨\u200d', 2)).toBe('👨');
    expect(outerGlyph('🏳\ufe0f\u200d', 1)).toBe('🏳');
  });

  test('a VS16 emoji in a one-cell slot is sent in text presentation; in a two-cell slot it keeps VS16', () => {
    expect(outerGlyph('\u2764\ufe0f', 1)).toBe('\u2764');
    expect(outerGlyph('1\ufe0f\u20e3', 1)).toBe('1\u20e3');
    expect(outerGlyph('\u2764\ufe0f', 2)).toBe('\u2764\ufe0f');
  });

  test('combining marks and other clusters are sent unchanged', () => {
    expect(outerGlyph('e\u0301', 1)).toBe('e\u0301');
    expect(outerGlyph('👍', 2)).toBe('👍');
  });

  test('tells skin-tone modifiers and regional indicators apart from other emoji', () => {
    expect(isEmojiModifier(0x1f3fd)).toBe(true);
    expect(isEmojiModifier('👍'.codePointAt(0)!)).toBe(false);
    expect(isRegionalIndicator('🇫'.codePointAt(0)!)).toBe(true);
    expect(isRegionalIndicator('A'.codePointAt(0)!)).toBe(false);
  });

  test('pairs regional indicators into flags from the start of their run, as terminals do', () => {
    const row = [...'a🇫🇷🇯🇵🇪z'].map((c) => c.codePointAt(0)!);
    const opens = (x: number) => opensFlag((c) => row[c], x, row.length);
    expect([1, 2, 3, 4, 5].map(opens)).toEqual([true, false, true, false, false]);
  });
});
