// Test helper: a process's resident memory, read from /proc (Linux).

import fs from 'node:fs';

/** VmRSS of `pid` in bytes. */
export function rssBytes(pid: number): number {
  const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(match?.[1]) * 1024;
}
