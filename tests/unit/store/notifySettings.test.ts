// The notification settings: notifyCommand is an argv (never a shell line), notifyDelay seconds within bounds.

import { describe, expect, it } from 'vitest';
import { parseSettingsText } from '../../../src/store/settings.js';

const parse = (value: Record<string, unknown>) => parseSettingsText(JSON.stringify(value));

describe('notification settings', () => {
  it('takes an argv, a delay and the desktop forms', () => {
    const result = parse({ notifyCommand: ['notify-send', 'tessera'], notifyDelay: 0, notify: 'osc777' });
    expect(result).toMatchObject({ ok: true, settings: { notifyCommand: ['notify-send', 'tessera'], notifyDelay: 0, notify: 'osc777' } });
  });

  it('refuses a command line written as one string, an empty program and a delay out of range', () => {
    expect(parse({ notifyCommand: 'notify-send hi' })).toMatchObject({ ok: false, error: expect.stringContaining('notifyCommand must be a list of strings') });
    expect(parse({ notifyCommand: [''] })).toMatchObject({ ok: false, error: expect.stringContaining('must start with a program') });
    expect(parse({ notifyDelay: -1 })).toMatchObject({ ok: false, error: expect.stringContaining('notifyDelay must be between 0 and 3600') });
    expect(parse({ notifyDelay: 1.5 })).toMatchObject({ ok: false });
  });
});
