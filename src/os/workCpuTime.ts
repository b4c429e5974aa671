// CPU time spent by this process and the children it has reaped, for work that paces itself by what it costs (the
// conflict radar's git children run mostly in other processes, so this process's own time alone would miss them).

import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU times in these ticks (100 per second on every architecture node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * Milliseconds of CPU used so far by this process and its reaped children (/proc/self/stat's utime, stime, cutime and
 * cstime); without /proc, this process's own time only.
 */
export function workCpuTimeMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the program name, which is in parentheses and may itself contain ')': rest[0] is field 3.
    const rest = stat.slice(stat.lastIndexOf(')') + 1).trim().split(/\s+/);
    const ticks = [14, 15, 16, 17].reduce((sum, field) => sum + Number(rest[field - 3]), 0);
    if (Number.isFinite(ticks)) return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    // not Linux: below
  }
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000;
}
