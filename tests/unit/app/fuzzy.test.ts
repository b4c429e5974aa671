import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch } from '../../../src/app/fuzzy.js';

describe('fuzzy matching', () => {
  it('matches letters in order, case-insensitively, and says which', () => {
    expect(fuzzyMatch('SR', 'split-right')?.positions).toEqual([0, 6]);
    expect(fuzzyMatch('zm', 'zoom')).toBeDefined();
    expect(fuzzyMatch('mz', 'zoom')).toBeUndefined();
    expect(fuzzyMatch('', 'anything')).toEqual({ score: 0, positions: [] });
  });

  it('still matches when preferring a word start would skip a needed letter', () => {
    expect(fuzzyMatch('lt', 'alt-l')?.positions).toEqual([1, 2]);
  });

  it('ranks word starts and runs first, keeping the given order on ties', () => {
    const names = ['resize-right', 'split-right', 'split-down', 'equalize'];
    expect(fuzzyFilter(names, 'split', (n) => n).map((r) => r.item)).toEqual(['split-right', 'split-down']);
    expect(fuzzyFilter(names, 'sd', (n) => n)[0].item).toBe('split-down');
    expect(fuzzyFilter(names, 'rr', (n) => n)[0].item).toBe('resize-right');
  });
});
