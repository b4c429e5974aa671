// Test helper: waiting on /proc with a deadline instead of sleeping.

import { isAlive, listProcStats, readProcStat } from '../../../src/pty/procStat.js';

export const WAIT_MS = 20_000;

export async function until(condition: () => boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Live (not zombie) processes of a session. */
export function sessionMembers(sid: number): number[] {
  return listProcStats()
    .filter((stat) => stat.session === sid && isAlive(stat))
    .map((stat) => stat.pid);
}

export function alive(pid: number): boolean {
  return isAlive(readProcStat(pid));
}
