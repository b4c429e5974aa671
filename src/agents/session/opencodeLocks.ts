// Locks an opencode process tessera started left behind when it ended (checked with opencode-ai 1.18.33).
//
// Every opencode start, even `opencode session list`, begins a background npm install into its config folder under a
// lock: a folder `$XDG_STATE_HOME/opencode/locks/<sha1 of the key>.lock` holding `meta.json` ({pid, hostname, …}) and
// `heartbeat`. A process that exits before that install is done leaves the folder behind, and opencode judges a lock
// only by the age of its heartbeat: the next opencode that loads a plugin (tessera's panes all do) shows a blank screen
// until the lock is 60 s old. `session list` exits within seconds of starting, so without this, an opencode pane
// opened or woken within a minute of any turn's end sat blank for a minute.
//
// Only a lock whose owner is a process tessera itself started, now dead, on this machine is removed: nobody can hold
// it any more, and opencode would break it itself after the minute.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOCK_SUFFIX = '.lock';

/** The folder opencode keeps its locks in, for an opencode run with `env`. */
export function opencodeLockDir(env: NodeJS.ProcessEnv): string {
  const state = env.XDG_STATE_HOME || path.join(env.HOME || os.homedir(), '.local', 'state');
  return path.join(state, 'opencode', 'locks');
}

/** Removes the locks in `lockDir` held by any of `pids` that has ended; returns the lock folders removed. */
export function releaseAbandonedLocks(lockDir: string, pids: readonly number[]): string[] {
  const owners = new Set(pids.filter((pid) => Number.isInteger(pid) && pid > 1 && !isAlive(pid)));
  if (owners.size === 0) return [];
  let names: string[];
  try {
    names = fs.readdirSync(lockDir);
  } catch {
    return []; // no locks folder: nothing was left
  }
  const removed: string[] = [];
  const host = os.hostname();
  for (const name of names) {
    if (!name.endsWith(LOCK_SUFFIX)) continue;
    const lock = path.join(lockDir, name);
    const owner = readOwner(path.join(lock, 'meta.json'));
    if (owner === undefined || owner.hostname !== host || !owners.has(owner.pid)) continue;
    try {
      fs.rmSync(lock, { recursive: true, force: true });
      removed.push(lock);
    } catch {
      // Not ours to remove after all (another user's folder): opencode breaks it itself once it is stale.
    }
  }
  return removed;
}

function readOwner(file: string): { pid: number; hostname: string } | undefined {
  try {
    const meta = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; hostname?: unknown };
    return typeof meta.pid === 'number' && typeof meta.hostname === 'string' ? { pid: meta.pid, hostname: meta.hostname } : undefined;
  } catch {
    return undefined; // being written, or not opencode's: leave it
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}
