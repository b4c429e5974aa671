import { describe, expect, it } from 'vitest';
import { graphemeSegmenter, graphemes } from '../../../src/term/graphemes.js';

describe('graphemes', () => {
  it('splits text into what a person sees as one character each', () => {
    expect(graphemes('ae\u0301👍🏽🇫🇷')).toEqual(['a', 'e\u0301', '👍🏽', '🇫🇷']);
    expect(graphemes('')).toEqual([]);
  });

  it('shares one segmenter, which several iterations may use at once', () => {
    const outer = graphemeSegmenter.segment('ab')[Symbol.iterator]();
    expect(outer.next().value?.segment).toBe('a');
    expect(graphemes('xy')).toEqual(['x', 'y']);
    expect(outer.next().value?.segment).toBe('b');
  });
});
