// One server per state directory: two servers started at the same moment (two clients opening at
// once after a crash) must not both load and rewrite the same workspace records.

import fs from 'node:fs';
import path from 'node:path';
import { SERVER_LOCK_POLL_MS, SERVER_LOCK_STALE_MS, SERVER_LOCK_WAIT_MS } from '../../limits.js';
import { socketAnswers } from './socketProbe.js';
import { isProcessRunning } from '../../os/processRunning.js';

export type LockResult = { ok: true; release(): void } | { ok: false; heldBy: number };

/** Takes `<dir>/server.pid`; a lock left by a dead server (or by a recycled pid whose socket is silent) is taken over. */
export async function acquireServerLock(dir: string, socketPath: string): Promise<LockResult> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lock = path.join(dir, 'server.pid');
  const deadline = Date.now() + SERVER_LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = fs.openSync(lock, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      return { ok: true, release: () => releaseIfOurs(lock) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: { pid: number; ino: number; mtimeMs: number };
    try {
      const stat = fs.statSync(lock);
      holder = { pid: Number(fs.readFileSync(lock, 'utf8').trim()), ino: stat.ino, mtimeMs: stat.mtimeMs };
    } catch {
      continue; // released meanwhile: try again
    }
    if (Number.isInteger(holder.pid) && holder.pid > 0 && isRunning(holder.pid)) {
      if (await socketAnswers(socketPath)) return { ok: false, heldBy: holder.pid };
      // Alive but silent: it is starting (it will answer) or stopping (it will be gone), unless its
      // pid was reused by another program after a reboot (an old lock).
      const old = Date.now() - holder.mtimeMs > SERVER_LOCK_STALE_MS;
      if (!old) {
        if (Date.now() > deadline) return { ok: false, heldBy: holder.pid };
        await new Promise((resolve) => setTimeout(resolve, SERVER_LOCK_POLL_MS));
        continue;
      }
    }
    // Stale: remove it only if it is still the same file (another starter may have replaced it).
    try {
      if (fs.statSync(lock).ino === holder.ino) fs.unlinkSync(lock);
    } catch {
      // gone already
    }
  }
}

/**
 * Takes `<dir>/server.pid` over from the server that handed this one its panes (an upgrade): it is
 * still alive, exiting, and leaves a lock naming another pid alone (releaseIfOurs).
 */
export function takeOverServerLock(dir: string): { release(): void } {
  const lock = path.join(dir, 'server.pid');
  const temp = `${lock}.${process.pid}`;
  fs.writeFileSync(temp, `${process.pid}\n`, { mode: 0o600 });
  fs.renameSync(temp, lock);
  return { release: () => releaseIfOurs(lock) };
}

function releaseIfOurs(lock: string): void {
  try {
    if (Number(fs.readFileSync(lock, 'utf8').trim()) === process.pid) fs.unlinkSync(lock);
  } catch {
    // already gone
  }
}

/** Alive and not a zombie (a killed server stays a zombie until reaped; some containers reap late). */
const isRunning = isProcessRunning;
