// Without shell integration, a running command is seen as the terminal's foreground group moving away from the shell.

import { readFileSync, realpathSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnPty, type PtyProcess } from '../../../src/pty/ptyProcess.js';
import { isCommandRunning } from '../../../src/shell/commandRunning.js';
import { foregroundProcessGroup } from '../../../src/shell/foreground.js';
import { findShell, WAIT_MS } from './shellSession.js';
import { scratch } from '../../helpers/scratch.js';

/** Each shell's HOME, removed after each test. */
const homes = scratch('tessera-shell-home-');

const bash = findShell('bash');

function commOf(pid: number | undefined): string | undefined {
  try {
    return pid === undefined ? undefined : readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!bash)(`foregroundProcessGroup${bash ? '' : ' (skipped: bash is not installed)'}`, () => {
  let pty: PtyProcess | undefined;
  afterEach(async () => {
    await pty?.terminate();
  });

  it('is the shell itself at the prompt and another group while a command runs', async () => {
    const home = realpathSync(homes.dir());
    let output = '';
    // --norc and no integration: only the /proc fallback can tell.
    pty = spawnPty({ file: bash as string, args: ['--norc', '--noprofile', '-i'], cwd: home, env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', PS1: 'fg> ' }, cols: 80, rows: 24 });
    const shell = pty;
    shell.onData((data) => (output += data));
    await until(() => output.includes('fg> '), 'the prompt');
    const idle = { phase: 'unknown', integrated: false } as const;
    expect(foregroundProcessGroup(shell.pid)).toBe(shell.pid);
    expect(isCommandRunning(idle, shell.pid)).toBe(false);
    shell.write('sleep 30\r');
    await until(() => foregroundProcessGroup(shell.pid) !== shell.pid, 'sleep to take the terminal');
    // Between fork and exec bash's child may still ignore SIGINT: interrupt only the real `sleep`.
    await until(() => commOf(foregroundProcessGroup(shell.pid)) === 'sleep', 'sleep to be running');
    expect(isCommandRunning(idle, shell.pid)).toBe(true);
    // With integration, the OSC state wins over /proc.
    expect(isCommandRunning({ phase: 'input', integrated: true }, shell.pid)).toBe(false);
    shell.write('\x03');
    await until(() => foregroundProcessGroup(shell.pid) === shell.pid, 'the shell to get the terminal back');
  });

  it('is undefined for a process that does not exist', () => {
    expect(foregroundProcessGroup(2 ** 22 + 1)).toBeUndefined();
  });
});
