// The opencode plugin file tessera writes for its panes: in the server's state directory, private, written again
// when it is missing or stale, and a failure that leaves opencode to its screen (said once in the server log).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
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

  it('a link in the folder\'s place is refused: nothing is written where it leads', () => {
    const root = tempRoot();
    const elsewhere = path.join(root, 'elsewhere');
    fs.mkdirSync(elsewhere, { mode: 0o777 });
    const dir = path.join(root, 'agent-signals');
    fs.symlinkSync(elsewhere, dir);
    const log: string[] = [];
    expect(new SignalFiles(dir, (text) => log.push(text)).opencodePlugin()).toBeUndefined();
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect(log[0]).toContain('is not a directory');
  });

  it('a folder others may enter is made private; a file with its text that others may change, or a link, or a FIFO is replaced by a private file', () => {
    const dir = path.join(tempRoot(), 'agent-signals');
    const files = new SignalFiles(dir);
    const file = files.opencodePlugin()!;
    const text = fs.readFileSync(file, 'utf8');
    fs.chmodSync(dir, 0o777);
    fs.chmodSync(file, 0o666);
    const loose = fs.statSync(file).ino;
    expect(files.opencodePlugin()).toBe(file);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.lstatSync(file).mode & 0o777).toBe(0o600);
    expect(fs.lstatSync(file).ino).not.toBe(loose);

    // A link to a file with the same text (which its owner could change later): the link is replaced, its target untouched.
    const target = path.join(path.dirname(dir), 'target.mjs');
    fs.writeFileSync(target, text, { mode: 0o666 });
    fs.chmodSync(target, 0o666);
    fs.rmSync(file);
    fs.symlinkSync(target, file);
    expect(files.opencodePlugin()).toBe(file);
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.lstatSync(file).mode & 0o777).toBe(0o600);
    expect(fs.lstatSync(target).mode & 0o777).toBe(0o666);

    // A FIFO in its place is not opened for reading (that would wait for a writer): it is replaced.
    fs.rmSync(file);
    execFileSync('mkfifo', [file]);
    expect(files.opencodePlugin()).toBe(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it.runIf(process.getuid?.() === 0)('someone else\'s file is replaced by the user\'s own; someone else\'s folder is refused', () => {
    const OTHER_UID = 4242;
    const root = tempRoot();
    const dir = path.join(root, 'agent-signals');
    const files = new SignalFiles(dir);
    const file = files.opencodePlugin()!;
    fs.chownSync(file, OTHER_UID, OTHER_UID);
    expect(files.opencodePlugin()).toBe(file);
    expect(fs.statSync(file).uid).toBe(process.getuid!());

    const theirs = path.join(root, 'theirs');
    fs.mkdirSync(theirs, { mode: 0o700 });
    fs.chownSync(theirs, OTHER_UID, OTHER_UID);
    const log: string[] = [];
    expect(new SignalFiles(theirs, (line) => log.push(line)).opencodePlugin()).toBeUndefined();
    expect(fs.readdirSync(theirs)).toEqual([]);
    expect(log[0]).toContain('belongs to user 4242');
  });
});
