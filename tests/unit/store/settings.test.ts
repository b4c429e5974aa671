import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, parseSettings, parseSettingsText } from '../../../src/store/settings.js';
import { DEFAULT_SETTINGS } from '../../../src/store/settingsDefaults.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-settings-');

function withConfig(text: string | undefined) {
  const dir = tmp.dir();
  if (text !== undefined) fs.writeFileSync(path.join(dir, 'config.json'), text);
  return { result: loadSettings({ TESSERA_CONFIG_DIR: dir }), dir };
}

describe('settings', () => {
  it('uses the defaults when there is no file or an empty one', () => {
    expect(withConfig(undefined).result).toMatchObject({ ok: true, settings: DEFAULT_SETTINGS });
    expect(withConfig('').result).toMatchObject({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('reads valid values', () => {
    expect(parseSettings({ prefix: 'C-b', scrollback: 100, trueColor: 'off', closeOnCleanShellExit: false, extraCommands: ['Vim', 'htop'], defaultShell: 'zsh -l', notify: 'osc9' })).toEqual({
      ...DEFAULT_SETTINGS,
      notify: 'osc9',
      prefix: 'C-b',
      scrollback: 100,
      trueColor: 'off',
      closeOnCleanShellExit: false,
      extraCommands: ['vim', 'htop'],
      defaultShell: 'zsh -l',
    });
  });

  it('reads the mouse, copy command and clipboard limit, and refuses bad ones', () => {
    expect(parseSettings({ mouse: false, copyCommand: 'xclip -selection clipboard', clipboardLimit: 4096 })).toMatchObject({
      mouse: false,
      copyCommand: 'xclip -selection clipboard',
      clipboardLimit: 4096,
    });
    expect(() => parseSettings({ mouse: 'yes' })).toThrow(/mouse must be true or false/);
    expect(() => parseSettings({ clipboardLimit: 0 })).toThrow(/clipboardLimit must be between/);
    expect(() => parseSettings({ copyCommand: 'xclip "unclosed' })).toThrow(/copyCommand/);
  });

  it('reads comments and key bindings, remembering where each binding is', () => {
    const text = '{\n  // my keys\n  "keys": {\n    "detach": "D",\n    "zoom": ["z", "C-z"],\n    "redraw": []\n  }\n}\n';
    const result = parseSettingsText(text);
    expect(result).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_SETTINGS,
        keys: [
          { action: 'detach', keys: ['D'], where: 'config.json:4:5' },
          { action: 'zoom', keys: ['z', 'C-z'], where: 'config.json:5:5' },
          { action: 'redraw', keys: [], where: 'config.json:6:5' },
        ],
      },
    });
  });

  it('reads scroll mode\'s key bindings apart from the prefix keys', () => {
    const result = parseSettingsText('{\n  "scrollKeys": {\n    "history-top": ["g", "Home"],\n    "leave": "x"\n  }\n}\n');
    expect(result).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_SETTINGS,
        scrollKeys: [
          { action: 'history-top', keys: ['g', 'Home'], where: 'config.json:3:5' },
          { action: 'leave', keys: ['x'], where: 'config.json:4:5' },
        ],
      },
    });
  });

  it('says on which line and column a mistake is', () => {
    for (const [text, message] of [
      ['{nope', /^config\.json:1:2: not valid JSON: invalid symbol/],
      ['{\n  "prefix": "C-b",\n  "notify": "bell"\n  "scrollback": 10\n}', /^config\.json:4:3: not valid JSON: comma expected/],
      ['{"prefx": "C-b"}', /^config\.json:1:2: unknown setting 'prefx'/],
      ['{\n "scrollback": -1}', /^config\.json:2:16: scrollback must be between/],
      ['{"trueColor": "maybe"}', /^config\.json:1:15: trueColor must be one of/],
      ['{"extraCommands": ["/bin/rm"]}', /^config\.json:1:19: extraCommands\[0\]/],
      ['{"prefix": "C-Nope"}', /^config\.json:1:12: prefix: "C-Nope" is not a key/],
      ['{"keys": {"zoom": ["z", "Hyper-q"]}}', /^config\.json:1:25: keys\.zoom: "Hyper-q" is not a key/],
      ['{"keys": {"zoom": 3}}', /^config\.json:1:19: keys\.zoom must be a key/],
      ['{\n  "scrollKeys": {"leave": ["q", "Hyper-q"]}}', /^config\.json:2:33: scrollKeys\.leave: "Hyper-q" is not a key/],
      ['{"scrollKeys": []}', /^config\.json:1:16: scrollKeys must be an object/],
      ['[1]', /^config\.json:1:1: the settings must be a JSON object/],
    ] as const) {
      const { result, dir } = withConfig(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
      expect(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')).toBe(text);
    }
  });
});
