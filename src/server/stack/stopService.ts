// Ending a service: every process of it, children before parents (so a supervisor does not restart
// what was just ended), SIGTERM first and SIGKILL for what is still there after a grace period.

import { STACK_STOP_GRACE_MS } from '../../limits.js';
import { isProcessRunning } from '../../os/processRunning.js';
import { listProcStats } from '../../pty/procStat.js';
import { serviceProcesses, type ServicePid } from './serviceProcesses.js';

const POLL_MS = 50;

/** Ends the service's processes; resolves with how many there were. */
export async function stopService(record: ServicePid, graceMs = STACK_STOP_GRACE_MS): Promise<number> {
  const found = serviceProcesses(record, listProcStats());
  for (const stat of found) signal(stat.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && serviceProcesses(record, listProcStats()).length > 0) await pause(POLL_MS);
  for (const stat of serviceProcesses(record, listProcStats())) signal(stat.pid, 'SIGKILL');
  return found.length;
}

/** Ends processes by pid (what still listened on the workspace's ports), TERM then KILL. */
export async function stopPids(pids: readonly number[], graceMs = STACK_STOP_GRACE_MS): Promise<void> {
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(isProcessRunning)) await pause(POLL_MS);
  for (const pid of pids) if (isProcessRunning(pid)) signal(pid, 'SIGKILL');
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone meanwhile, or not ours to signal
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
