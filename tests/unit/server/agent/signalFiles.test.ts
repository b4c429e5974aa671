// The opencode plugin file tessera writes for its panes: in the server's state directory, private, written again
// when it is missing or stale, and a failure that leaves opencode to its screen (said once in the server log).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SignalFiles } from '../../../../src/server/agent/signalFiles.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});
const tempRoot = (): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-signal-files-'));
  roots.push(root);
  return root;
};

describe('signal files', () => {
  it('writes the plugin (0600, in a 0700 folder), and writes it again when it is gone or changed', () => {
    const dir = path.join(tempRoot(), 'agent-signals');
    const files = new SignalFiles(dir);
    const file = files.opencodePlugin();
    expect(file).toBe(path.join(dir, 'opencode-plugin.mjs'));
    const text = fs.readFileSync(file!, 'utf8');
    expect(text).toContain("const COMMAND = \"agent-hook\";");
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    fs.writeFileSync(file!, 'tampered');
    files.opencodePlugin();
    expect(fs.readFileSync(file!, 'utf8')).toBe(text);
    fs.rmSync(file!);
    files.opencodePlugin();
    expect(fs.readFileSync(file!, 'utf8')).toBe(text);
  });

  it('when the file cannot be written there is no plugin; the log says so once', () => {
    const root = tempRoot();
    const blocked = path.join(root, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const log: string[] = [];
    const files = new SignalFiles(blocked, (text) => log.push(text));
    expect(files.opencodePlugin()).toBeUndefined();
    expect(files.opencodePlugin()).toBeUndefined();
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('opencode panes get no plugin');
  });
});
