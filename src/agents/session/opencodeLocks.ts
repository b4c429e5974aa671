// Locks an opencode process tessera started left behind when it ended (checked with opencode-ai 1.18.33).
//
// Every opencode start, even `opencode session list`, begins a background npm install into its config folder under a
// lock: a folder `$XDG_STATE_HOME/opencode/locks/<sha1 of the key>.lock` holding `meta.json` ({pid, hostname, …}) and
// `heartbeat`. A process that exits before that install is done leaves the folder behind, and opencode judges a lock
// only by the age of its heartbeat: the next opencode that loads a plugin (tessera's panes all do) shows a blank screen
// until the lock is 60 s old. `session list` exits within seconds of starting, so without this, an opencode pane
// opened or woken within a minute of any turn's end sat blank for a minute.
//
// Only a lock of a process tessera itself started, now dead, on this machine is removed: nobody can hold it any more,
// and opencode would break it itself after the minute. Its owner is known from `meta.json`. A process that ended
// while taking the lock (between making the folder or its heartbeat and writing `meta.json`: a `session list` exiting
// under load does) leaves a folder that names no owner. Such a folder is removed when it was made while one of those
// processes lived and has stayed without `meta.json` for OWNERLESS_LOCK_GRACE_MS: a live opencode writes it within
// milliseconds of the heartbeat, so by then nobody is writing it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OWNERLESS_LOCK_GRACE_MS } from '../../limits.js';
import { isProcessRunning } from '../../os/processRunning.js';

const LOCK_SUFFIX = '.lock';
/** File times and Date.now() can disagree by a clock tick: a folder made this close to a run counts as made during it. */
const CLOCK_SLACK_MS = 1_000;

/** The folder opencode keeps its locks in, for an opencode run with `env`. */
export function opencodeLockDir(env: NodeJS.ProcessEnv): string {
  const state = env.XDG_STATE_HOME || path.join(env.HOME || os.homedir(), '.local', 'state');
  return path.join(state, 'opencode', 'locks');
}

/** An opencode process tessera started, and when it lived (ms since the epoch). */
export interface OpencodeRun {
  pid: number;
  startedAt: number;
  endedAt: number;
}

export interface LockRelease {
  /** The lock folders removed. */
  removed: string[];
  /** A lock with no owner written may be one of these runs' but is too young to judge: look again in this many ms. */
  judgeAgainInMs?: number;
}

/** Removes the locks in `lockDir` left by any of `runs` that has ended. */
export function releaseAbandonedLocks(lockDir: string, runs: readonly OpencodeRun[], now = Date.now()): LockRelease {
  const ended = runs.filter((run) => Number.isInteger(run.pid) && run.pid > 1 && !isProcessRunning(run.pid));
  if (ended.length === 0) return { removed: [] };
  let names: string[];
  try {
    names = fs.readdirSync(lockDir);
  } catch {
    return { removed: [] }; // no locks folder: nothing was left
  }
  const removed: string[] = [];
  let judgeAgainInMs: number | undefined;
  const host = os.hostname();
  const pids = new Set(ended.map((run) => run.pid));
  for (const name of names) {
    if (!name.endsWith(LOCK_SUFFIX)) continue;
    const lock = path.join(lockDir, name);
    const owner = readOwner(path.join(lock, 'meta.json'));
    if (owner === 'unreadable') continue;
    if (owner === 'none') {
      const made = lastWritten(lock);
      if (made === undefined || !ended.some((run) => made >= run.startedAt - CLOCK_SLACK_MS && made <= run.endedAt + CLOCK_SLACK_MS)) continue;
      const wait = made + OWNERLESS_LOCK_GRACE_MS - now;
      if (wait > 0) {
        judgeAgainInMs = Math.min(judgeAgainInMs ?? wait, wait);
        continue;
      }
    } else if (owner.hostname !== host || !pids.has(owner.pid)) continue;
    try {
      fs.rmSync(lock, { recursive: true, force: true });
      removed.push(lock);
    } catch {
      // Not ours to remove after all (another user's folder): opencode breaks it itself once it is stale.
    }
  }
  return judgeAgainInMs === undefined ? { removed } : { removed, judgeAgainInMs };
}

/** releaseAbandonedLocks now, and once more when a lock without an owner is old enough to judge. */
export function releaseAbandonedLocksSoon(lockDir: string, runs: readonly OpencodeRun[]): void {
  const { judgeAgainInMs } = releaseAbandonedLocks(lockDir, runs);
  if (judgeAgainInMs !== undefined) setTimeout(() => releaseAbandonedLocks(lockDir, runs), judgeAgainInMs + 1).unref();
}

/** When the lock folder or its heartbeat was last written; undefined when the folder is gone. */
function lastWritten(lock: string): number | undefined {
  let latest: number | undefined;
  for (const file of [lock, path.join(lock, 'heartbeat')]) {
    try {
      latest = Math.max(latest ?? 0, fs.statSync(file).mtimeMs);
    } catch {
      // no heartbeat yet: the folder's own time
    }
  }
  return latest;
}

/** The owner `meta.json` names; 'none' when there is no such file yet, 'unreadable' when it is not opencode's. */
function readOwner(file: string): { pid: number; hostname: string } | 'none' | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : 'unreadable';
  }
  try {
    const meta = JSON.parse(text) as { pid?: unknown; hostname?: unknown };
    return typeof meta.pid === 'number' && typeof meta.hostname === 'string' ? { pid: meta.pid, hostname: meta.hostname } : 'unreadable';
  } catch {
    return 'unreadable'; // being written, or not opencode's: leave it
  }
}
