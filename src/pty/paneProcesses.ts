// Finding and signalling every process a pane started: its process group plus the rest of its session.

import { KILL_GRACE_MS } from '../limits.js';
import { isErrnoCode } from './errno.js';
import { isAlive, listProcStats, readProcStat } from './procStat.js';

/** How often a kill looks in /proc for survivors during the grace period: short next to KILL_GRACE_MS. */
const SURVIVOR_POLL_MS = 25;

export interface KillOptions {
  pgid?: number;
  graceMs?: number;
  /**
   * Start time of the leader when it was spawned. If its pid now belongs to a process that started
   * at another time, the pid was reused, so the pane's group and session are long gone: nothing is signalled.
   */
  startTime?: number;
  /** Extra condition before the grace period may end early (e.g. "the PTY reported the exit"). */
  settled?: () => boolean;
}

/**
 * Live processes that belong to a pane whose first process is `leaderPid`.
 *
 * node-pty makes that process a session leader, so everything it starts shares its session id
 * even after an interactive shell moves jobs into process groups of their own. A process that
 * called setsid() itself (a daemon) has left the session and is not found here.
 */
export function paneProcesses(leaderPid: number, pgid: number = leaderPid): number[] {
  assertPaneIds(leaderPid, pgid);
  const table = processTable();
  const found = new Set<number>([...(table.byGroup.get(pgid) ?? []), ...(table.bySession.get(leaderPid) ?? [])]);
  // The leader itself counts even in the instant after fork, before it became a session leader.
  if (table.alive.has(leaderPid)) found.add(leaderPid);
  found.delete(process.pid);
  return [...found];
}

interface ProcessTable {
  alive: Set<number>;
  byGroup: Map<number, number[]>;
  bySession: Map<number, number[]>;
}

let current: ProcessTable | undefined;

/**
 * The live processes, indexed by group and session. One scan of /proc serves every pane looked up in
 * the same turn of the event loop: ending 2,000 panes at once scans /proc once per poll round
 * instead of once per pane (each scan reads a file per process).
 */
function processTable(): ProcessTable {
  if (current) return current;
  const table: ProcessTable = { alive: new Set(), byGroup: new Map(), bySession: new Map() };
  for (const stat of listProcStats()) {
    if (!isAlive(stat)) continue;
    table.alive.add(stat.pid);
    push(table.byGroup, stat.pgrp, stat.pid);
    push(table.bySession, stat.session, stat.pid);
  }
  current = table;
  setImmediate(() => (current = undefined));
  return table;
}

function push(map: Map<number, number[]>, key: number, pid: number): void {
  const list = map.get(key);
  if (list) list.push(pid);
  else map.set(key, [pid]);
}

/** Sends `signal` to the pane's process group and to each other member of its session. */
export function signalPaneProcesses(leaderPid: number, signal: NodeJS.Signals, pgid: number = leaderPid): void {
  assertPaneIds(leaderPid, pgid);
  sendSignal(-pgid, signal);
  for (const pid of paneProcesses(leaderPid, pgid)) sendSignal(pid, signal);
}

/**
 * SIGHUP + SIGTERM (+ SIGCONT for stopped jobs) to the whole pane, then SIGKILL to whatever is
 * still alive after the grace period. Resolves as soon as nothing is left, or after the SIGKILL.
 */
export async function killPaneProcesses(
  leaderPid: number,
  { pgid = leaderPid, graceMs = KILL_GRACE_MS, settled = () => true, startTime }: KillOptions = {},
): Promise<void> {
  const leader = readProcStat(leaderPid);
  if (startTime !== undefined && leader && leader.startTime !== startTime) return;
  // SIGHUP is what a closing terminal sends, and the one an interactive shell does not ignore;
  // SIGTERM covers programs that ignore SIGHUP (nohup); a stopped job acts on neither until continued.
  for (const signal of ['SIGHUP', 'SIGTERM', 'SIGCONT'] as const) signalPaneProcesses(leaderPid, signal, pgid);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (paneProcesses(leaderPid, pgid).length > 0 || !settled())) {
    await new Promise((resolve) => setTimeout(resolve, SURVIVOR_POLL_MS));
  }
  if (paneProcesses(leaderPid, pgid).length > 0) signalPaneProcesses(leaderPid, 'SIGKILL', pgid);
}

/** kill(-1) or kill(0) would hit every process we may signal, or our own group: never let a bad id through. */
function assertPaneIds(leaderPid: number, pgid: number): void {
  for (const id of [leaderPid, pgid]) {
    if (!Number.isInteger(id) || id <= 1) throw new Error(`refusing to signal process group ${id}: not a pane's process`);
  }
  const own = readProcStat(process.pid);
  if (leaderPid === process.pid || pgid === process.pid || pgid === own?.pgrp || leaderPid === own?.session) {
    throw new Error(`refusing to signal process group ${pgid}: it is tessera's own`);
  }
}

function sendSignal(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch (error) {
    // ESRCH: already gone, which is what we want. EPERM would mean a process we must not touch.
    if (!isErrnoCode(error, 'ESRCH') && !isErrnoCode(error, 'EPERM')) throw error;
  }
}
