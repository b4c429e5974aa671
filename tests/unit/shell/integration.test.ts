// shellLaunch: which shells get the integration, with which arguments and environment.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { integratedShell, SHELL_SCRIPTS_DIR, shellLaunch } from '../../../src/shell/integration.js';

const env = { HOME: '/home/u', PATH: '/usr/bin' };
const bashScript = join(SHELL_SCRIPTS_DIR, 'bash-integration.bash');

describe('integratedShell', () => {
  it('recognises bash, zsh and fish by program name only', () => {
    expect(integratedShell('/usr/bin/bash')).toBe('bash');
    expect(integratedShell('/opt/homebrew/bin/zsh')).toBe('zsh');
    expect(integratedShell('/usr/local/bin/fish')).toBe('fish');
    expect(integratedShell('/usr/bin/zsh-5.9')).toBe('zsh');
    expect(integratedShell('/bin/sh')).toBeUndefined();
    expect(integratedShell('/usr/bin/bashful')).toBeUndefined();
    expect(integratedShell('/home/u/zsh/bin/nu')).toBeUndefined();
  });
});

describe('shellLaunch', () => {
  it('finds its scripts next to the sources', () => {
    expect(existsSync(bashScript)).toBe(true);
    expect(existsSync(join(SHELL_SCRIPTS_DIR, 'zsh', '.zshenv'))).toBe(true);
    expect(existsSync(join(SHELL_SCRIPTS_DIR, 'fish-integration.fish'))).toBe(true);
  });

  it('starts bash with our rc file and sets TERM_PROGRAM, without touching the caller env object', () => {
    const base = { ...env };
    const launch = shellLaunch('/usr/bin/bash', [], base);
    expect(launch).toEqual({ file: '/usr/bin/bash', args: ['--rcfile', bashScript], env: { ...env, TERM_PROGRAM: 'tessera' } });
    expect(base).toEqual(env);
  });

  it('turns bash -l into an imitated login shell and keeps a user --rcfile', () => {
    const login = shellLaunch('/bin/bash', ['-l'], env);
    expect(login.args).toEqual(['--rcfile', bashScript]);
    expect(login.env.TESSERA_BASH_LOGIN).toBe('1');
    const rc = shellLaunch('/bin/bash', ['--rcfile', '/etc/my.rc', '-o', 'vi'], env);
    expect(rc.args).toEqual(['--rcfile', bashScript, '-o', 'vi']);
    expect(rc.env.TESSERA_BASH_RCFILE).toBe('/etc/my.rc');
  });

  it('leaves non-interactive or opted-out invocations untouched', () => {
    for (const [shell, args] of [
      ['/bin/bash', ['-c', 'echo hi']],
      ['/bin/bash', ['script.sh']],
      ['/bin/bash', ['--norc']],
      ['/bin/bash', ['-ic', 'ls']],
      ['/usr/bin/zsh', ['-c', 'ls']],
      ['/usr/bin/zsh', ['-f']],
      ['/usr/bin/zsh', ['--no-rcs']],
      ['/usr/bin/fish', ['-c', 'ls']],
      ['/usr/bin/fish', ['--command=ls']],
      ['/usr/bin/fish', ['script.fish']],
      ['/bin/sh', []],
      ['/usr/bin/nu', ['-l']],
    ] as const) {
      const launch = shellLaunch(shell, [...args], env);
      expect(launch, `${shell} ${args.join(' ')}`).toEqual({ file: shell, args, env: { ...env, TERM_PROGRAM: 'tessera' } });
    }
  });

  it("points zsh's ZDOTDIR at our files and hands over the user's own", () => {
    const plain = shellLaunch('/usr/bin/zsh', ['-l'], env);
    expect(plain.args).toEqual(['-l']);
    expect(plain.env.ZDOTDIR).toBe(join(SHELL_SCRIPTS_DIR, 'zsh'));
    expect(plain.env.TESSERA_USER_ZDOTDIR).toBeUndefined();
    const own = shellLaunch('/usr/bin/zsh', [], { ...env, ZDOTDIR: '/home/u/.config/zsh' });
    expect(own.env.TESSERA_USER_ZDOTDIR).toBe('/home/u/.config/zsh');
  });

  it('gives fish an --init-command that sources our script, quoted for fish', () => {
    const launch = shellLaunch('/usr/bin/fish', ['-l'], env);
    expect(launch.args).toEqual([`--init-command=source '${join(SHELL_SCRIPTS_DIR, 'fish-integration.fish')}'`, '-l']);
  });

  it('drops stale hand-over variables inherited from a parent tessera shell', () => {
    const launch = shellLaunch('/bin/sh', [], { ...env, TESSERA_BASH_LOGIN: '1', TESSERA_USER_ZDOTDIR: '/x' });
    expect(launch.env).toEqual({ ...env, TERM_PROGRAM: 'tessera' });
  });
});
