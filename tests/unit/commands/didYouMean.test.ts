import { describe, expect, it } from 'vitest';
import { closestWords, didYouMean, editDistance } from '../../../src/commands/didYouMean.js';
import { UsageError, parseArgs } from '../../../src/commands/argParser.js';

describe('did you mean', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('lsit-panes', 'list-panes')).toBe(1);
    expect(editDistance('kill', 'kill')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('offers the closest known words, closest first, and nothing for a word far from all', () => {
    const known = ['list-panes', 'ls', 'kill-pane', 'kill-server', 'split', 'attach'];
    expect(closestWords('lsit-panes', known)).toEqual(['list-panes']);
    expect(closestWords('kill-pan', known)[0]).toBe('kill-pane');
    expect(closestWords('xyzzy', known)).toEqual([]);
    expect(didYouMean('atach', known)).toBe("; did you mean 'attach'?");
    expect(didYouMean('frobnicate', known)).toBe('');
  });

  it('names the closest long option when one is mistyped', () => {
    const specs = [{ name: 'json' }, { name: 'target', short: 't', value: true }];
    expect(() => parseArgs(['--jsno'], specs)).toThrow(new UsageError('unknown option --jsno; did you mean --json?'));
    expect(() => parseArgs(['-json'], specs)).toThrow(new UsageError('unknown option -j; did you mean --json?'));
    expect(() => parseArgs(['--colour'], specs)).toThrow(new UsageError('unknown option --colour'));
  });
});
