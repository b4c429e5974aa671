// opencode's locks left by an opencode tessera started: a `session list` that exits leaves the lock of its background
// install (as opencode-ai 1.18.33 does), and the next opencode pane would wait a minute for it to go stale.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { opencodeLockDir, releaseAbandonedLocks, releaseAbandonedLocksSoon, type OpencodeRun } from '../../../src/agents/session/opencodeLocks.js';
import { OWNERLESS_LOCK_GRACE_MS } from '../../../src/limits.js';
import { opencodeSessions } from '../../../src/agents/session/opencode.js';

let root: string;
let locks: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-oclocks-'));
  locks = path.join(root, 'state', 'opencode', 'locks');
  fs.mkdirSync(locks, { recursive: true });
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A lock as opencode writes it: a folder with meta.json and heartbeat. */
function lock(name: string, pid: number, hostname = os.hostname()): string {
  const dir = path.join(locks, `${name}.lock`);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ token: 't', pid, hostname, createdAt: new Date().toISOString() }));
  fs.writeFileSync(path.join(dir, 'heartbeat'), '');
  return dir;
}

/** A lock its maker did not finish taking: the folder and heartbeat, no meta.json (the maker ended in between). */
function ownerless(name: string, madeAt: number): string {
  const dir = path.join(locks, `${name}.lock`);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'heartbeat'), '');
  const time = new Date(madeAt);
  fs.utimesSync(path.join(dir, 'heartbeat'), time, time);
  fs.utimesSync(dir, time, time);
  return dir;
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

/** A run of `pid` from a minute ago until now. */
const ran = (pid: number, endedAt = Date.now()): OpencodeRun => ({ pid, startedAt: endedAt - 60_000, endedAt });

describe('releaseAbandonedLocks', () => {
  test('removes only the locks of the given processes that have ended, on this machine', () => {
    const dead = deadPid();
    const ours = lock('a', dead);
    const live = lock('b', process.pid);
    const otherHost = lock('c', dead, `${os.hostname()}-elsewhere`);
    const notOurs = lock('d', dead + 1_000_000);
    fs.mkdirSync(path.join(locks, 'e.lock')); // being created: no meta.json yet
    fs.mkdirSync(path.join(locks, 'f.lock'));
    fs.writeFileSync(path.join(locks, 'f.lock', 'meta.json'), '{not json'); // not opencode's: never judged

    expect(releaseAbandonedLocks(locks, [ran(dead), ran(process.pid)]).removed).toEqual([ours]);
    expect([ours, live, otherHost, notOurs].map((dir) => fs.existsSync(dir))).toEqual([false, true, true, true]);
    expect(fs.existsSync(path.join(locks, 'e.lock'))).toBe(true);
    expect(fs.existsSync(path.join(locks, 'f.lock'))).toBe(true);
  });

  test('no locks folder, or no ended process: nothing to do', () => {
    expect(releaseAbandonedLocks(path.join(root, 'nowhere'), [ran(deadPid())]).removed).toEqual([]);
    const live = lock('b', process.pid);
    expect(releaseAbandonedLocks(locks, [ran(process.pid)]).removed).toEqual([]);
    expect(fs.existsSync(live)).toBe(true);
  });

  test('a lock that names no owner goes once it was made while an ended run lived and stayed ownerless for the grace', () => {
    const dead = deadPid();
    const endedAt = Date.now() - 1_000;
    const run = ran(dead, endedAt);
    const during = ownerless('during', endedAt - 2_000);
    const before = ownerless('before', run.startedAt - 30_000); // another process's, from before the run
    const young = ownerless('young', endedAt);

    // Too young to judge: a live opencode may be between its heartbeat and its meta.json.
    const early = releaseAbandonedLocks(locks, [run], endedAt + 1_000);
    expect(early.removed).toEqual([]);
    expect(early.judgeAgainInMs).toBeCloseTo(OWNERLESS_LOCK_GRACE_MS - 3_000, 0); // file times carry fractions of a ms

    const later = releaseAbandonedLocks(locks, [run], endedAt + OWNERLESS_LOCK_GRACE_MS);
    expect(later.removed).toEqual([during, young]);
    expect(fs.existsSync(before)).toBe(true);
    // The same lock with its maker still alive is left alone, however old.
    const stillOwnerless = ownerless('alive', endedAt - 2_000);
    expect(releaseAbandonedLocks(locks, [ran(process.pid, endedAt)], endedAt + OWNERLESS_LOCK_GRACE_MS).removed).toEqual([]);
    expect(fs.existsSync(stillOwnerless)).toBe(true);
  });

  test('releaseAbandonedLocksSoon looks again once an ownerless lock is old enough to judge', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      const run = ran(deadPid());
      const young = ownerless('young', run.endedAt);
      releaseAbandonedLocksSoon(locks, [run]);
      expect(fs.existsSync(young)).toBe(true);
      vi.advanceTimersByTime(OWNERLESS_LOCK_GRACE_MS + 1);
      expect(fs.existsSync(young)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the folder follows XDG_STATE_HOME, else HOME', () => {
    expect(opencodeLockDir({ XDG_STATE_HOME: '/x/state', HOME: '/home/u' })).toBe('/x/state/opencode/locks');
    expect(opencodeLockDir({ HOME: '/home/u' })).toBe('/home/u/.local/state/opencode/locks');
  });
});

test("a session list that leaves its install's lock behind has it released", async () => {
  const cwd = path.join(root, 'project');
  fs.mkdirSync(cwd);
  const program = path.join(root, 'opencode');
  // Like opencode: take the lock under its own pid, print the list, exit without releasing it.
  const script = [
    '#!/bin/sh',
    `mkdir "$XDG_STATE_HOME/opencode/locks/install.lock"`,
    `printf '{"pid":%s,"hostname":"%s"}' $$ "$(uname -n)" > "$XDG_STATE_HOME/opencode/locks/install.lock/meta.json"`,
    `echo '[{"id":"ses_1","directory":"${cwd}","updated":${Date.now()}}]'`,
  ].join('\n');
  fs.writeFileSync(program, `${script}\n`, { mode: 0o755 });
  const env = { HOME: root, PATH: process.env.PATH ?? '', XDG_STATE_HOME: path.join(root, 'state') };
  const lookup = { cwd, startedAt: 0, pids: [], env, claimed: new Set<string>(), program };
  expect(await opencodeSessions.current(lookup)).toBe('ses_1');
  expect(fs.readdirSync(locks)).toEqual([]);
});
