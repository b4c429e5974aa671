// Holding a real PTY still for a handover: nothing more is read from it (its output waits in the
// kernel), nothing queued is written to it (and what is queued can be taken); released, both go on.

import fs, { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnPty, type PtyProcess } from '../../../src/pty/ptyProcess.js';
import { until } from './procWatch.js';

const cwd = realpathSync(tmpdir());
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', HOME: cwd };
const started: PtyProcess[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((pty) => pty.terminate()));
});

/** Turns of the event loop, enough for output the PTY had to reach its listeners if it were read. */
async function someTurns(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a PTY held for a handover', () => {
  it('reads nothing while held, then what the program wrote meanwhile, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-hold-'));
    const mark = join(dir, 'printed');
    // On SIGUSR1 it prints, then leaves a file saying it has printed.
    const script = `trap 'echo signalled-$n; n=$((n+1)); touch ${mark}' USR1; n=1; echo ready; while :; do sleep 0.02; done`;
    const pty = spawnPty({ file: '/bin/sh', args: ['-c', script], cwd, env, cols: 80, rows: 24 });
    started.push(pty);
    let output = '';
    pty.onData((data) => (output += data.toString()));
    await until(() => output.includes('ready'), 'the program to start');
    expect(pty.handover?.fd).toBeGreaterThan(2);
    pty.handover?.hold();
    process.kill(pty.pid, 'SIGUSR1');
    await until(() => fs.existsSync(mark), 'the program to print');
    await someTurns();
    expect(output).not.toContain('signalled');
    pty.handover?.release();
    await until(() => output.includes('signalled-1'), 'the held output');
    fs.rmSync(mark);
    process.kill(pty.pid, 'SIGUSR1');
    await until(() => output.includes('signalled-2'), 'output after the release');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes no input while held and gives what is queued; released, writes it', async () => {
    const pty = spawnPty({ file: '/bin/cat', args: [], cwd, env, cols: 80, rows: 24 });
    started.push(pty);
    let output = '';
    pty.onData((data) => (output += data.toString()));
    pty.handover?.hold();
    expect(pty.write('typed while held\r')).toBe(true);
    expect(pty.handover?.heldInput().toString()).toBe('typed while held\r');
    await someTurns();
    expect(output).toBe('');
    pty.handover?.release();
    await until(() => output.includes('typed while held'), 'the held input to be written');
    expect(pty.handover?.heldInput().length).toBe(0);
  });
});
