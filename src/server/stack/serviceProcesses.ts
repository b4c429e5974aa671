// The processes of one service, from its pid file. A service starts as the leader of its own session
// (setsid), so everything it forks keeps that session id even after the leader exits (a service that
// forks and exits) — unless a child made a session of its own, which the parent links still find.
// A pid is reused by the system: a process that started before the service cannot be part of it,
// and when the pid now belongs to another process, its own session's members started after it did.

import { isAlive, type ProcStat } from '../../pty/procStat.js';

export interface ServicePid {
  pid: number;
  /** /proc/PID/stat field 22 when the service started: tells it from a later process with its pid. */
  startTime: number;
}

/** The service's live processes, deepest first (children before their parents), from a snapshot of /proc. */
export function serviceProcesses(record: ServicePid, all: readonly ProcStat[]): ProcStat[] {
  const live = all.filter((s) => isAlive(s) && s.startTime >= record.startTime);
  const holder = all.find((s) => s.pid === record.pid);
  // The pid belongs to another process now: only what started before it can be ours.
  const reusedAt = holder && holder.startTime !== record.startTime ? holder.startTime : undefined;
  const ours = new Set<number>();
  for (const s of live) {
    if (s.session !== record.pid) continue;
    if (reusedAt !== undefined && s.startTime >= reusedAt) continue;
    ours.add(s.pid);
  }
  // Children that left the session: followed down the parent links from what is ours.
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of live) {
      if (!ours.has(s.pid) && ours.has(s.ppid)) {
        ours.add(s.pid);
        grew = true;
      }
    }
  }
  const byPid = new Map(live.map((s) => [s.pid, s]));
  const depth = (s: ProcStat): number => {
    let d = 0;
    for (let p = byPid.get(s.ppid); p && ours.has(p.pid) && d < 1000; p = byPid.get(p.ppid)) d++;
    return d;
  };
  return live.filter((s) => ours.has(s.pid)).sort((a, b) => depth(b) - depth(a));
}
