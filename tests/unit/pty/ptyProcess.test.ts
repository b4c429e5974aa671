// A program in a real PTY: output, input, exit, resize clamping, spawn errors, and killing its whole tree.

import { chmodSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KILL_GRACE_MS, MIN_PTY_COLS, MIN_PTY_ROWS } from '../../../src/limits.js';
import { outputEncoding, spawnPty, type PtyProcess, type PtySpawnOptions } from '../../../src/pty/ptyProcess.js';
import { readProcStat } from '../../../src/pty/procStat.js';
import { longestStall } from '../../helpers/eventLoopStall.js';
import { alive, sessionMembers, until } from './procWatch.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-pty-');

const cwd = realpathSync(tmpdir());
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', HOME: cwd };
const started: PtyProcess[] = [];

function start(file: string, args: string[], extra: Partial<PtySpawnOptions> = {}): { pty: PtyProcess; output: () => string } {
  const pty = spawnPty({ file, args, cwd, env, cols: 80, rows: 24, ...extra });
  started.push(pty);
  let text = '';
  pty.onData((data) => (text += data));
  return { pty, output: () => text };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((pty) => pty.terminate()));
});

describe('spawnPty', () => {
  it('runs a program and reports its output and exit code', async () => {
    const { pty, output } = start('/bin/sh', ['-c', 'echo hello from the pty; exit 3']);
    const exit = await pty.exited;
    expect(exit.exitCode).toBe(3);
    expect(output()).toContain('hello from the pty');
    // A listener added after the exit still hears about it.
    const late = await new Promise((resolve) => pty.onExit(resolve));
    expect(late).toEqual(exit);
  });

  it('hands over output as bytes, not decoded text, and keeps the PTY in UTF-8 mode (IUTF8)', async () => {
    const chunks: unknown[] = [];
    const { pty, output } = start('/bin/sh', ['-c', 'stty -a; printf "\\342\\200\\246\\n"']);
    pty.onData((data) => chunks.push(data));
    await pty.exited;
    expect(outputEncoding(pty)).toBeNull(); // the fast path is on: node-pty's decoder is gone
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => Buffer.isBuffer(chunk))).toBe(true);
    expect(output()).toMatch(/(^|\s)iutf8(\s|$)/m);
    expect(Buffer.concat(chunks as Buffer[]).toString('utf8')).toContain('…');
  });

  it('passes input through (Enter as CR) and echoes it like a terminal', async () => {
    const { pty, output } = start('/bin/sh', ['-c', 'read line; echo "got:$line"']);
    pty.write('ping\r');
    await until(() => output().includes('got:ping'), 'the echo of the input');
  });

  it('starts in the given cwd with the given environment', async () => {
    const { pty, output } = start('/bin/sh', ['-c', 'echo "cwd=$(pwd) var=$TESSERA_TEST_VAR"'], {
      env: { ...env, TESSERA_TEST_VAR: 'set' },
    });
    await pty.exited;
    expect(output()).toContain(`cwd=${cwd} var=set`);
  });

  it('rejects a relative program path, a missing cwd, and a file that is not executable', () => {
    expect(() => start('sh', [])).toThrow(/must be absolute/);
    expect(() => start('/bin/sh', [], { cwd: '/definitely/not/here' })).toThrow(/working directory .* does not exist/);
    expect(() => start('/no/such/program', [])).toThrow(/no such file/);
    const dir = tmp.dir();
    const script = join(dir, 'script.sh');
    writeFileSync(script, '#!/bin/sh\necho hi\n');
    chmodSync(script, 0o644);
    expect(() => start(script, [])).toThrow(/not executable/);
    expect(() => start(dir, [])).toThrow(/not a regular file/);
  });
});

describe('resize', () => {
  it('clamps to the minimum PTY size and never sends 0×0', async () => {
    const { pty, output } = start('/bin/sh', ['-c', 'while read line; do echo "size:$(stty size)"; done']);
    pty.resize(0, 0);
    expect([pty.cols, pty.rows]).toEqual([MIN_PTY_COLS, MIN_PTY_ROWS]);
    pty.write('\r');
    await until(() => output().includes(`size:${MIN_PTY_ROWS} ${MIN_PTY_COLS}`), 'stty to see the clamped size');
    pty.resize(Number.NaN, 10);
    pty.resize(120.7, 40.2);
    expect([pty.cols, pty.rows]).toEqual([120, 40]);
    pty.write('\r');
    await until(() => output().includes('size:40 120'), 'stty to see 120×40');
  });

  it('clamps the size given at spawn too', () => {
    const { pty } = start('/bin/sh', ['-c', 'sleep 5'], { cols: 0, rows: -3 });
    expect([pty.cols, pty.rows]).toEqual([MIN_PTY_COLS, MIN_PTY_ROWS]);
  });

  it('ignores a resize after the program exited', async () => {
    const { pty } = start('/bin/sh', ['-c', 'exit 0']);
    await pty.exited;
    expect(() => pty.resize(100, 30)).not.toThrow();
  });
});

describe('terminate', () => {
  it('kills the process group, including a background grandchild', async () => {
    const { pty } = start('/bin/sh', ['-c', 'sleep 1000 & sleep 1000']);
    await until(() => sessionMembers(pty.pid).filter((pid) => readProcStat(pid)?.comm === 'sleep').length === 2, 'both sleeps');
    const members = sessionMembers(pty.pid);
    expect(members.length).toBeGreaterThanOrEqual(2);
    await pty.terminate();
    await until(() => members.every((pid) => !alive(pid)), 'every process of the pane to be gone');
  });

  it("also kills jobs an interactive shell moved into process groups of their own", async () => {
    const { pty, output } = start('/bin/bash', ['--norc', '--noprofile', '-i'], { env: { ...env, PS1: 'job> ' } });
    await until(() => output().includes('job> '), 'the prompt');
    pty.write('sleep 1000 &\r');
    let job: number | undefined;
    await until(() => {
      job = sessionMembers(pty.pid).find((pid) => readProcStat(pid)?.comm === 'sleep');
      return job !== undefined;
    }, 'the background job');
    expect(readProcStat(job as number)?.pgrp).not.toBe(pty.pid); // its own group: kill(-pid) alone would miss it
    await pty.terminate();
    await until(() => !alive(job as number), 'the background job to be gone');
  });

  it('uses SIGKILL on whatever ignores SIGHUP and SIGTERM, after the grace period', async () => {
    const { pty, output } = start('/bin/sh', ['-c', 'trap "" HUP TERM; sleep 1000 & echo started; wait']);
    await until(() => output().includes('started') && sessionMembers(pty.pid).length >= 2, 'the stubborn processes');
    const members = sessionMembers(pty.pid);
    const begin = Date.now();
    const exit = await pty.terminate();
    expect(Date.now() - begin).toBeGreaterThanOrEqual(KILL_GRACE_MS - 50);
    expect(exit.signal).toBe(9);
    await until(() => members.every((pid) => !alive(pid)), 'every stubborn process to be gone');
  });

  it('returns the same promise when called twice, and dispose() terminates too', async () => {
    const { pty } = start('/bin/sh', ['-c', 'sleep 1000']);
    expect(pty.terminate()).toBe(pty.terminate());
    await pty.exited;
    const other = start('/bin/sh', ['-c', 'sleep 1000']).pty;
    other.dispose();
    await other.exited;
    expect(alive(other.pid)).toBe(false);
  });
});

describe('input', () => {
  /** Lines of varied text, so a lost or reordered piece cannot go unnoticed. */
  const bigText = (bytes: number): string => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < bytes; i++) {
      const line = `${i} ${'abcdefghijklmnopqrstuvwxyz'.slice(i % 26)}${'0123456789'.repeat(i % 7)}\n`;
      lines.push(line);
      size += line.length;
    }
    return lines.join('');
  };


  it('queues input for a program that never reads it, without blocking the caller', async () => {
    const { pty } = start('/bin/sh', ['-c', 'exec sleep 1000']);
    const input = bigText(2 << 20);
    // A blocking write would never return here: the program never reads, so the PTY never drains.
    expect(pty.write(input)).toBe(true);
    // The event loop keeps turning while the input waits: a timer set after the write runs, and the
    // PTY has taken only what fits in its buffer by then; the rest waits in the queue.
    await until(() => (pty.inputProgress?.written ?? 0) > 0, 'the PTY taking the first part of the input');
    const progress = await new Promise<typeof pty.inputProgress>((resolve) => setTimeout(() => resolve(pty.inputProgress), 0));
    expect(progress?.total).toBe(input.length);
    expect(progress?.written).toBeLessThan(input.length);
    console.log(`never-reading program: ${progress?.written} of ${input.length} bytes taken by the PTY`);
    // Ending the program does not wait for the queued input (the test's timeout catches a hang).
    await pty.terminate();
    expect(pty.write('more')).toBe(false);
  });

  it('delivers a 4 MB input intact and in order to a program that echoes all it reads (like vim)', async () => {
    const file = join(tmp.dir(), 'received');
    // Raw mode: every byte goes through untouched; the program writes as much as it reads, so the
    // PTY fills in both directions unless reading and writing take turns.
    const ready = 'stty done\n';
    const { pty, output: all } = start('/bin/sh', ['-c', `stty raw -echo; printf 'stty done\\n'; exec tee ${file}`]);
    await until(() => all().includes(ready), 'stty to run before the input arrives');
    // What the program echoes starts after the marker (found once: the output grows to megabytes).
    const echoFrom = all().indexOf(ready) + ready.length;
    const output = () => all().slice(echoFrom);
    const input = bigText(4 << 20);
    const stall = await longestStall(async () => {
      expect(pty.write(input)).toBe(true);
      await until(() => all().length - echoFrom >= input.length, 'the echo of the whole input', 120_000);
    });
    expect(output()).toBe(input);
    await until(() => { try { return readFileSync(file, 'utf8').length === input.length; } catch { return false; } }, 'the file');
    expect(readFileSync(file, 'utf8')).toBe(input);
    console.log(`4 MB through an echoing program: longest event-loop stall ${stall.toFixed(0)} ms`);
    expect(pty.inputProgress).toBeUndefined();
  });
});
