// Whether a process runs, for the client and the server alike (so it lives outside pty/, which the client never loads).

import { existsSync, readFileSync } from 'node:fs';

/** Whether process `pid` runs: a zombie waiting to be reaped does not (some containers reap orphans late). */
export function isProcessRunning(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The state letter follows the program name, which is in parentheses and may itself contain ')'.
      const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
      return state !== undefined && state !== 'Z' && state !== 'X';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
