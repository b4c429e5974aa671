// The terminal's "needs you" sequences: each form as terminals expect it, and text from an agent that can
// never end the sequence early or add fields.

import { describe, expect, it } from 'vitest';
import { alertSequence } from '../../../../src/server/notifications/alertSequence.js';

describe('alertSequence', () => {
  it('writes each form the notify setting names', () => {
    expect(alertSequence('bell', 'x')).toBe('\x07');
    expect(alertSequence('osc9', 'pane 3 needs you')).toBe('\x1b]9;tessera: pane 3 needs you\x07');
    expect(alertSequence('osc777', 'pane 3 needs you')).toBe('\x1b]777;notify;tessera;tessera: pane 3 needs you\x07');
    expect(alertSequence('osc99', 'pane 3 needs you')).toBe('\x1b]99;;tessera: pane 3 needs you\x1b\\');
    expect(alertSequence('none', 'x')).toBeUndefined();
  });

  it('keeps control characters and field separators of the text out of the sequence', () => {
    for (const how of ['osc9', 'osc777', 'osc99'] as const) {
      const sequence = alertSequence(how, 'a\x07b\x1b]52;c;ZXZpbA==\x1b\\d;e') as string;
      const body = sequence.slice(sequence.indexOf('tessera: '), how === 'osc99' ? -2 : -1);
      expect(body).not.toMatch(/[\x00-\x1f\x7f;]/);
    }
  });
});
