// CPU time and resident memory of processes, read from /proc as `ps` and `top` do.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** Clock ticks per second of /proc/<pid>/stat times (almost always 100). */
const CLOCK_TICKS = readClockTicks();

function readClockTicks() {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

/** Whether the kernel keeps per-thread run times in nanoseconds (CONFIG_SCHED_INFO). */
const HAS_SCHEDSTAT = existsSync('/proc/self/schedstat');

/** Milliseconds of CPU one clock tick stands for: the resolution of every CPU figure. */
export const CPU_RESOLUTION_MS = 1000 / CLOCK_TICKS;

/**
 * User plus system CPU time of one process (all its threads), in milliseconds.
 * @param {number} pid
 * @returns {number}
 */
export function cpuTimeMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses; the fields after its last ")" do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / CLOCK_TICKS;
}

/**
 * Total CPU time of several processes, in milliseconds.
 * @param {readonly number[]} pids
 * @returns {number}
 */
export function totalCpuTimeMs(pids) {
  return pids.reduce((sum, pid) => sum + cpuTimeMs(pid), 0);
}

/**
 * CPU time of several processes in milliseconds at nanosecond resolution: the sum of every live
 * thread's time on a CPU from /proc/<pid>/task/<tid>/schedstat. A clock tick of /proc/<pid>/stat is
 * 10 ms, ~6 % of what tmux spends in a 5 s window of the redraw scenario, too coarse to compare two
 * multiplexers' few percent with. Threads that ended are not counted, so use it for windows in
 * which no thread ends (Node's and V8's worker threads live as long as their process). Where the
 * kernel keeps no schedstat it is totalCpuTimeMs, for every sample alike.
 * @param {readonly number[]} pids
 * @returns {number}
 */
export function preciseCpuTimeMs(pids) {
  if (!HAS_SCHEDSTAT) return totalCpuTimeMs(pids);
  let ns = 0;
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between listing and reading: its time is lost, as documented above.
      }
    }
  }
  return ns / 1e6;
}

/**
 * Resident memory of a process in bytes (VmRSS of /proc/<pid>/status).
 * @param {number} pid
 * @returns {number}
 */
export function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`process ${pid} reports no VmRSS (has it exited?)`);
  return Number(match[1]) * 1024;
}

/**
 * @param {number} pid
 * @returns {boolean}
 */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
