// A command becomes an absolute program path: a user pin, else an explicit path, else PATH; never the pane's cwd.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveBinary, type ResolveBinaryOptions } from '../../../src/shell/resolveBinary.js';
import { fakeBinaryFs, type FakeBinaryFs } from './fakeBinaryFs.js';

const CONFIG = '/home/me/.config/tessera';

function options(files: FakeBinaryFs, more: Partial<ResolveBinaryOptions> = {}): ResolveBinaryOptions {
  return { configDir: CONFIG, envPath: '/usr/local/bin:/usr/bin', fs: files, ...more };
}

describe('resolveBinary: PATH', () => {
  it('returns the first executable file in PATH order', () => {
    const files = fakeBinaryFs().program('/usr/bin/claude').program('/usr/local/bin/claude');
    expect(resolveBinary('claude', options(files))).toEqual({ ok: true, path: '/usr/local/bin/claude', source: 'path' });
  });

  it('skips directories and files that are not executable', () => {
    const files = fakeBinaryFs().dir('/usr/local/bin/claude').file('/opt/bin/claude', '#!/bin/sh').program('/usr/bin/claude');
    expect(resolveBinary('claude', options(files, { envPath: '/usr/local/bin:/opt/bin:/usr/bin' }))).toEqual({ ok: true, path: '/usr/bin/claude', source: 'path' });
  });

  it('skips empty and relative PATH entries and never looks at a relative path', () => {
    const files = fakeBinaryFs().program('claude').program('./claude').program('bin/claude').program('/usr/bin/claude');
    const result = resolveBinary('claude', options(files, { envPath: ':.:bin::/usr/bin:' }));
    expect(result).toEqual({ ok: true, path: '/usr/bin/claude', source: 'path' });
    expect(files.touched.every((file) => path.isAbsolute(file))).toBe(true);
  });

  it('reports a missing program with what to do, mentioning ignored relative entries', () => {
    const files = fakeBinaryFs();
    expect(resolveBinary('codex', options(files, { envPath: '.:/usr/bin' }))).toEqual({
      ok: false,
      reason: 'not-found',
      message: `codex was not found in PATH (relative PATH entries are ignored); install it, or write its absolute path into ${CONFIG}/bin/codex`,
    });
    expect(resolveBinary('codex', options(files, { envPath: undefined }))).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('refuses names that are not program names', () => {
    for (const bad of ['', '.', '..']) expect(resolveBinary(bad, options(fakeBinaryFs()))).toMatchObject({ ok: false, reason: 'not-found' });
  });
});

describe('resolveBinary: pins', () => {
  const PIN = `${CONFIG}/bin/claude`;

  it('uses the absolute path in <configDir>/bin/<name> before PATH, trimmed', () => {
    const files = fakeBinaryFs().file(PIN, '  /opt/claude/2.1/claude\n').program('/opt/claude/2.1/claude').program('/usr/bin/claude');
    expect(resolveBinary('claude', options(files))).toEqual({ ok: true, path: '/opt/claude/2.1/claude', source: 'pin' });
  });

  it('refuses a dangling pin instead of falling back to PATH', () => {
    const files = fakeBinaryFs().file(PIN, '/opt/gone/claude\n').program('/usr/bin/claude');
    expect(resolveBinary('claude', options(files))).toEqual({
      ok: false,
      reason: 'bad-pin',
      message: `pin file ${PIN} points to /opt/gone/claude, which does not exist`,
    });
  });

  it('refuses a relative or empty pin', () => {
    const relative = fakeBinaryFs().file(PIN, 'bin/claude').program('/usr/bin/claude');
    expect(resolveBinary('claude', options(relative))).toEqual({
      ok: false,
      reason: 'bad-pin',
      message: `pin file ${PIN} points to bin/claude, which is not an absolute path`,
    });
    const empty = fakeBinaryFs().file(PIN, ' \n').program('/usr/bin/claude');
    expect(resolveBinary('claude', options(empty))).toMatchObject({ ok: false, reason: 'bad-pin', message: expect.stringContaining('is empty') });
  });

  it('refuses a pin to a file that is not executable, or to a directory', () => {
    const plain = fakeBinaryFs().file(PIN, '/opt/claude.js').file('/opt/claude.js', 'console.log(1)');
    expect(resolveBinary('claude', options(plain))).toEqual({
      ok: false,
      reason: 'not-executable',
      message: `pin file ${PIN} points to /opt/claude.js, which is not an executable file`,
    });
    const dir = fakeBinaryFs().file(PIN, '/opt/claude').dir('/opt/claude');
    expect(resolveBinary('claude', options(dir))).toMatchObject({ ok: false, reason: 'not-executable' });
  });

  it('refuses a pin that other users could have written', () => {
    const worldWritable = fakeBinaryFs().file(PIN, '/opt/claude', 0o666).program('/opt/claude');
    expect(resolveBinary('claude', options(worldWritable))).toMatchObject({ ok: false, reason: 'bad-pin', message: expect.stringContaining('writable by every user') });
    const foreign = fakeBinaryFs().file(PIN, '/opt/claude', 0o644, 0).program('/opt/claude');
    expect(resolveBinary('claude', options(foreign, { uid: 1000 }))).toMatchObject({ ok: false, reason: 'bad-pin', message: expect.stringContaining('another user') });
    const own = fakeBinaryFs().file(PIN, '/opt/claude', 0o644, 1000).program('/opt/claude');
    expect(resolveBinary('claude', options(own, { uid: 1000 }))).toEqual({ ok: true, path: '/opt/claude', source: 'pin' });
  });

  it('refuses a pin that is a directory', () => {
    const files = fakeBinaryFs().dir(PIN).program('/usr/bin/claude');
    expect(resolveBinary('claude', options(files))).toMatchObject({ ok: false, reason: 'bad-pin' });
  });

  it('does not apply pins to explicit paths', () => {
    const files = fakeBinaryFs().file(PIN, '/opt/claude').program('/opt/claude').program('/srv/claude');
    expect(resolveBinary('/srv/claude', options(files))).toEqual({ ok: true, path: '/srv/claude', source: 'explicit' });
  });
});

describe('resolveBinary: explicit paths', () => {
  it('uses an absolute path as given (normalized)', () => {
    const files = fakeBinaryFs().program('/opt/nu/bin/nu');
    expect(resolveBinary('/opt/nu/lib/../bin/nu', options(files))).toEqual({ ok: true, path: '/opt/nu/bin/nu', source: 'explicit' });
  });

  it('resolves a relative path against the request directory only', () => {
    const files = fakeBinaryFs().program('/home/me/proj/tools/nu');
    expect(resolveBinary('./tools/nu', options(files, { requestDir: '/home/me/proj' }))).toEqual({ ok: true, path: '/home/me/proj/tools/nu', source: 'explicit' });
    expect(resolveBinary('./tools/nu', options(files))).toMatchObject({ ok: false, reason: 'not-found', message: expect.stringContaining('relative path') });
    expect(files.touched.every((file) => path.isAbsolute(file))).toBe(true);
  });

  it('reports a missing or non-executable explicit path without trying PATH', () => {
    const files = fakeBinaryFs().file('/opt/nu', '').program('/usr/bin/nu');
    expect(resolveBinary('/opt/missing/nu', options(files))).toEqual({ ok: false, reason: 'not-found', message: '/opt/missing/nu does not exist' });
    expect(resolveBinary('/opt/nu', options(files))).toEqual({ ok: false, reason: 'not-executable', message: '/opt/nu is not an executable file' });
  });
});

describe('resolveBinary on the real filesystem', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function tempDir(): string {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-resolve-')));
    made.push(dir);
    return dir;
  }

  function program(file: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
  }

  it('finds pins, explicit paths and PATH programs, and ignores a stray ./claude in the request directory', () => {
    const root = tempDir();
    const config = path.join(root, 'config');
    const bin = path.join(root, 'usr', 'bin');
    const project = path.join(root, 'project');
    program(path.join(bin, 'claude'));
    program(path.join(project, 'claude', 'claude')); // a stray directory named like the CLI
    program(path.join(project, 'tools', 'nu'));
    const base = { configDir: config, envPath: `.:${bin}`, requestDir: project };

    expect(resolveBinary('claude', base)).toEqual({ ok: true, path: path.join(bin, 'claude'), source: 'path' });
    expect(resolveBinary('./tools/nu', base)).toEqual({ ok: true, path: path.join(project, 'tools', 'nu'), source: 'explicit' });
    expect(resolveBinary('./claude', base)).toMatchObject({ ok: false, reason: 'not-executable' });

    fs.mkdirSync(path.join(config, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(config, 'bin', 'claude'), `${path.join(project, 'tools', 'nu')}\n`, { mode: 0o644 });
    expect(resolveBinary('claude', base)).toEqual({ ok: true, path: path.join(project, 'tools', 'nu'), source: 'pin' });

    fs.writeFileSync(path.join(config, 'bin', 'claude'), path.join(root, 'nowhere'));
    expect(resolveBinary('claude', base)).toMatchObject({ ok: false, reason: 'bad-pin' });
  });

  it('never picks a claude sitting in the current directory, even with . and empty entries in PATH', () => {
    const root = tempDir();
    const bin = path.join(root, 'bin');
    const cwd = path.join(root, 'cwd');
    program(path.join(bin, 'claude'));
    program(path.join(cwd, 'claude'));
    const before = process.cwd();
    process.chdir(cwd);
    try {
      const result = resolveBinary('claude', { configDir: path.join(root, 'config'), envPath: `.::${bin}` });
      expect(result).toEqual({ ok: true, path: path.join(bin, 'claude'), source: 'path' });
    } finally {
      process.chdir(before);
    }
  });
});
