// A program's last output reaches its pane even when its PTY was paused (flow control) as it exited:
// node-pty destroyed such a stream 200 ms after the exit, unread output and all.

import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnPty, type PtyProcess } from '../../../src/pty/ptyProcess.js';

const cwd = realpathSync(tmpdir());
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', HOME: cwd };
const started: PtyProcess[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((pty) => pty.terminate()));
});

/** Starts `script` paused, as flow control holds a pane whose emulator is behind, and never resumes it. */
function startPaused(script: string): { pty: PtyProcess; output: () => string } {
  const pty = spawnPty({ file: '/bin/sh', args: ['-c', script], cwd, env, cols: 80, rows: 24 });
  started.push(pty);
  pty.pause();
  let text = '';
  pty.onData((data) => (text += data.toString('latin1')));
  return { pty, output: () => text };
}

describe('a PTY paused when its program exits', () => {
  it('hands over everything the program wrote, then reports the exit', async () => {
    // ~3 KB: fits the PTY's buffers, so the program exits while nothing is read.
    const { pty, output } = startPaused('i=0; while [ $i -lt 300 ]; do echo "line $i"; i=$((i+1)); done; echo THE-END; exit 3');
    const exit = await pty.exited;
    expect(exit.exitCode).toBe(3);
    expect(output()).toContain('line 299');
    expect(output()).toContain('THE-END');
  });

  it('reports the exit of a program that wrote nothing', async () => {
    const { pty, output } = startPaused('exit 0');
    expect((await pty.exited).exitCode).toBe(0);
    expect(output()).toBe('');
  });
});
