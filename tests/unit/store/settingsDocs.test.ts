// The settings page (docs/settings.md) lists every setting with its default, so a new setting cannot go
// undocumented.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/store/settingsDefaults.js';

const PAGE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/settings.md'), 'utf8');

describe('the settings page', () => {
  it('shows every setting in its example file and explains each one', () => {
    const section = PAGE.slice(PAGE.indexOf('## Settings'), PAGE.indexOf('### Changing the keys'));
    const example = /```json\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const documented = Object.keys(JSON.parse(example) as object);
    expect(documented.sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    for (const key of Object.keys(DEFAULT_SETTINGS)) expect(section).toContain(`- \`${key}\`:`);
  });

  it('shows the defaults tessera really uses', () => {
    const section = PAGE.slice(PAGE.indexOf('## Settings'));
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] ?? '{}') as Record<string, unknown>;
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      if (key === 'keys' || key === 'scrollKeys' || key === 'bind') expect(example[key]).toEqual({});
      else expect(example[key]).toEqual(value);
    }
  });
});
