import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, parseSettings } from '../../../src/store/settings.js';
import { DEFAULT_SETTINGS } from '../../../src/store/settingsDefaults.js';

function withConfig(text: string | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-settings-'));
  if (text !== undefined) fs.writeFileSync(path.join(dir, 'config.json'), text);
  return { result: loadSettings({ TESSERA_CONFIG_DIR: dir }), dir };
}

describe('settings', () => {
  it('uses the defaults when there is no file', () => {
    const { result } = withConfig(undefined);
    expect(result.settings).toEqual(DEFAULT_SETTINGS);
    expect(result.warnings).toEqual([]);
  });

  it('reads valid values', () => {
    expect(parseSettings({ prefix: 'C-b', scrollback: 100, trueColor: 'off', closeOnCleanShellExit: false, extraCommands: ['Vim', 'htop'], defaultShell: 'zsh -l', notify: 'osc9' })).toEqual({
      notify: 'osc9',
      customAgents: [],
      prefix: 'C-b',
      scrollback: 100,
      trueColor: 'off',
      closeOnCleanShellExit: false,
      extraCommands: ['vim', 'htop'],
      defaultShell: 'zsh -l',
    });
  });

  it('reports bad JSON, unknown keys and bad values without touching the file', () => {
    for (const [text, message] of [
      ['{nope', /is not valid JSON/],
      ['{"prefx": "C-b"}', /unknown setting 'prefx'/],
      ['{"scrollback": -1}', /scrollback must be between/],
      ['{"trueColor": "maybe"}', /trueColor must be one of/],
      ['{"extraCommands": ["/bin/rm"]}', /extraCommands\[0\]/],
    ] as const) {
      const { result, dir } = withConfig(text);
      expect(result.settings).toEqual(DEFAULT_SETTINGS);
      expect(result.warnings[0]).toMatch(message);
      expect(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).toBe(text);
    }
  });
});
