// A terminal pane's shell comes from the first level that names one; a broken level is reported, not skipped.

import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveShell, type ShellContext } from '../../../src/shell/resolveShell.js';
import { fakeBinaryFs, type FakeBinaryFs } from './fakeBinaryFs.js';

const CONFIG = '/home/me/.config/tessera';

function context(files: FakeBinaryFs, env: Record<string, string | undefined> = { PATH: '/usr/bin:/bin', SHELL: '/bin/bash' }): ShellContext {
  return { env, configDir: CONFIG, fs: files };
}

function system(): FakeBinaryFs {
  return fakeBinaryFs().program('/bin/sh').program('/bin/bash').program('/usr/bin/zsh').program('/usr/bin/fish').program('/usr/bin/tcsh');
}

describe('resolveShell', () => {
  it('takes the pane, then the workspace, then settings, then $SHELL, then /bin/sh', () => {
    const files = system();
    const all = { pane: 'fish', workspace: 'zsh -l', settings: 'bash' };
    expect(resolveShell(all, context(files))).toEqual({ ok: true, file: '/usr/bin/fish', args: [], source: 'pane' });
    expect(resolveShell({ ...all, pane: undefined }, context(files))).toEqual({ ok: true, file: '/usr/bin/zsh', args: ['-l'], source: 'workspace' });
    expect(resolveShell({ settings: 'zsh' }, context(files))).toEqual({ ok: true, file: '/usr/bin/zsh', args: [], source: 'settings' });
    expect(resolveShell({}, context(files))).toEqual({ ok: true, file: '/bin/bash', args: [], source: 'env' });
    expect(resolveShell({}, context(files, { PATH: '/usr/bin' }))).toEqual({ ok: true, file: '/bin/sh', args: [], source: 'default' });
  });

  it('treats an empty string as not set', () => {
    const files = system();
    expect(resolveShell({ pane: '', workspace: '', settings: '' }, context(files, { PATH: '/usr/bin', SHELL: '' }))).toEqual({
      ok: true,
      file: '/bin/sh',
      args: [],
      source: 'default',
    });
  });

  it('tokenizes a custom command line with its quoted arguments', () => {
    const files = system();
    expect(resolveShell({ pane: `/bin/bash --rcfile "/home/me/my rc" -i` }, context(files))).toEqual({
      ok: true,
      file: '/bin/bash',
      args: ['--rcfile', '/home/me/my rc', '-i'],
      source: 'pane',
    });
  });

  it('uses any program the user names, and reports one that cannot be found, naming the level, instead of falling through', () => {
    const files = system();
    expect(resolveShell({ workspace: '/usr/bin/tcsh -l', settings: 'bash' }, context(files))).toEqual({ ok: true, file: '/usr/bin/tcsh', args: ['-l'], source: 'workspace' });
    expect(resolveShell({}, context(files, { PATH: '/usr/bin', SHELL: '/usr/bin/csh' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^\$SHELL \('\/usr\/bin\/csh'\) cannot be used: /),
    });
  });

  it('reports a tokenizer error with its level', () => {
    const files = system();
    expect(resolveShell({ pane: 'bash -c "oops' }, context(files))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The pane's shell \('bash -c "oops'\) cannot be used: Shell command has an unterminated double quote/),
    });
    expect(resolveShell({ settings: '  ' }, context(files))).toEqual({
      ok: false,
      message: "The default shell in settings ('  ') cannot be used: it names no program",
    });
    expect(resolveShell({ settings: '"" -l' }, context(files))).toMatchObject({ ok: false, message: expect.stringContaining('it names no program') });
  });

  it('reports a shell that cannot be found, or a broken pin, with its level', () => {
    const files = system();
    expect(resolveShell({ pane: 'nu' }, context(files))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The pane's shell \('nu'\) cannot be used: nu was not found in PATH/),
    });
    files.file(`${CONFIG}/bin/zsh`, '/opt/zsh/gone');
    expect(resolveShell({ workspace: 'zsh' }, context(files))).toEqual({
      ok: false,
      message: `The workspace's shell ('zsh') cannot be used: pin file ${CONFIG}/bin/zsh points to /opt/zsh/gone, which does not exist`,
    });
  });

  it('uses a pin for a shell named by its bare name', () => {
    const files = system().file(`${CONFIG}/bin/fish`, '/opt/fish/4.0/bin/fish\n').program('/opt/fish/4.0/bin/fish');
    expect(resolveShell({ pane: 'fish -l' }, context(files))).toEqual({ ok: true, file: '/opt/fish/4.0/bin/fish', args: ['-l'], source: 'pane' });
  });

  it('resolves a relative shell path against the request directory, never a pane directory', () => {
    const files = system().program('/home/me/proj/tools/bash');
    expect(resolveShell({ pane: './tools/bash' }, { ...context(files), requestDir: '/home/me/proj' })).toEqual({
      ok: true,
      file: '/home/me/proj/tools/bash',
      args: [],
      source: 'pane',
    });
    expect(resolveShell({ pane: './tools/bash' }, context(files))).toMatchObject({ ok: false, message: expect.stringContaining('relative path') });
  });

  it('reports the fallback itself when even /bin/sh is missing', () => {
    expect(resolveShell({}, context(fakeBinaryFs(), { PATH: '/usr/bin' }))).toEqual({
      ok: false,
      message: "The fallback shell /bin/sh ('/bin/sh') cannot be used: /bin/sh does not exist",
    });
  });
});

describe('resolveShell on the real filesystem', () => {
  it('falls back to the real /bin/sh', () => {
    const configDir = path.join(os.tmpdir(), 'tessera-no-such-config');
    expect(resolveShell({}, { env: { PATH: '/usr/bin:/bin' }, configDir })).toEqual({ ok: true, file: '/bin/sh', args: [], source: 'default' });
    expect(resolveShell({ pane: 'sh -i' }, { env: { PATH: '/usr/bin:/bin' }, configDir })).toMatchObject({ ok: true, args: ['-i'], source: 'pane' });
  });
});
