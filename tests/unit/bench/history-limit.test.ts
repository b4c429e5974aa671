import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HISTORY_LINES } from '../../../bench/settings.js';
import { DEFAULT_SCROLLBACK_LINES } from '../../../src/limits.js';

describe('the memory comparison is fair', () => {
  it('fills histories as long as tessera keeps by default', () => {
    expect(HISTORY_LINES).toBe(DEFAULT_SCROLLBACK_LINES);
  });

  it('gives tmux the same history as tessera', () => {
    const conf = readFileSync(new URL('../../../bench/tmux.conf', import.meta.url), 'utf8');
    expect(conf).toMatch(new RegExp(`^set -g history-limit ${DEFAULT_SCROLLBACK_LINES}$`, 'm'));
  });
});
