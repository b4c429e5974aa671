// The settings in force: reloads apply valid files, keep the old settings on a mistake, tell
// subscribers once per change, and the watcher sees a file saved by rename.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveSettings, type ReloadOutcome } from '../../../src/server/settings/liveSettings.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-live-');

const live: LiveSettings[] = [];
afterEach(() => {
  for (const l of live.splice(0)) l.dispose();
});

function world(text?: string) {
  const dir = tmp.dir();
  const file = path.join(dir, 'config.json');
  if (text !== undefined) fs.writeFileSync(file, text);
  const logs: string[] = [];
  const settings = new LiveSettings({ TESSERA_CONFIG_DIR: dir }, (line) => logs.push(line));
  live.push(settings);
  const heard: ReloadOutcome[] = [];
  settings.subscribe((outcome) => heard.push(outcome));
  return { settings, file, logs, heard };
}

describe('live settings', () => {
  it('applies a valid file, keeps the old settings on a mistake, and says where it is', () => {
    const { settings, file, heard, logs } = world('{"prefix": "C-b"}');
    expect(settings.current.prefix.label).toBe('C-b');
    fs.writeFileSync(file, '{\n  "prefix": "C-a",\n  "scrollback": "lots"\n}');
    const bad = settings.reload();
    expect(bad).toMatchObject({ status: 'invalid', error: expect.stringMatching(/^config\.json:3:17: scrollback must be a whole number/) });
    expect(settings.current.prefix.label).toBe('C-b');
    expect(settings.notice()).toMatch(/settings not applied: config\.json:3:17/);
    expect(logs.some((l) => /not applied: config\.json:3:17/.test(l))).toBe(true);
    settings.reload(); // the same mistake again is not announced twice
    expect(heard.filter((o) => o.status === 'invalid')).toHaveLength(1);
    fs.writeFileSync(file, '{"prefix": "C-a"}');
    expect(settings.reload().status).toBe('applied');
    expect(settings.current.prefix.label).toBe('C-a');
    expect(settings.notice()).toBeUndefined();
    expect(settings.reload().status).toBe('unchanged');
    expect(heard.map((o) => o.status)).toEqual(['invalid', 'applied']);
  });

  it('uses the defaults when the file is broken at start, and reports conflicts without failing', () => {
    const broken = world('{"prefix": }');
    expect(broken.settings.current.prefix.label).toBe('C-\\');
    expect(broken.settings.notice()).toMatch(/config\.json:1:12: not valid JSON/);
    const clash = world('{"keys": {"zoom": "x"}}');
    expect(clash.settings.current.keymap.keysOf('zoom')).toEqual(['z']);
    expect(clash.settings.notice()).toMatch(/keys\.zoom: 'x' is already close-pane's key/);
  });

  it('reloads when an editor saves the file by renaming a new one over it', async () => {
    const { settings, file, heard } = world('{}');
    settings.watch();
    const temp = `${file}.tmp`;
    fs.writeFileSync(temp, '{"notify": "none"}');
    fs.renameSync(temp, file);
    const deadline = Date.now() + 10_000;
    while (settings.settings.notify !== 'none' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(settings.settings.notify).toBe('none');
    expect(heard.at(-1)?.status).toBe('applied');
  });
});
