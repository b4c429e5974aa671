// Reading Linux /proc/<pid>/stat: process group, session, terminal foreground group and start time.

import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  pid: number;
  /** Program name as the kernel reports it (may contain spaces and parentheses). */
  comm: string;
  /** One-letter state: R running, S sleeping, Z zombie, … */
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  /** Foreground process group of the controlling terminal, or -1 when there is none. */
  tpgid: number;
  /** Clock ticks since boot when the process started: with the pid, identifies one process across pid reuse. */
  startTime: number;
  /** Field 52 (Linux 3.5+): a zombie's exit status as waitpid() reports it. */
  exitStatus?: number;
}

/** Parses the text of a /proc/<pid>/stat file; undefined when it is not in the expected shape. */
export function parseProcStat(text: string): ProcStat | undefined {
  // The comm field is wrapped in parentheses but may itself contain ") (" and spaces, so split
  // at the first '(' and the LAST ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(text.slice(0, open).trim());
  const comm = text.slice(open + 1, close);
  // rest[0] is field 3 (state), so field N is rest[N - 3].
  const rest = text.slice(close + 1).trim().split(/\s+/);
  const field = (n: number): number => Number(rest[n - 3]);
  const stat: ProcStat = {
    pid,
    comm,
    state: rest[0] ?? '',
    ppid: field(4),
    pgrp: field(5),
    session: field(6),
    tpgid: field(8),
    startTime: field(22),
  };
  const exitStatus = field(52);
  if (Number.isInteger(exitStatus)) stat.exitStatus = exitStatus;
  const numbers = [stat.pid, stat.ppid, stat.pgrp, stat.session, stat.tpgid, stat.startTime];
  return numbers.every(Number.isInteger) && stat.state !== '' ? stat : undefined;
}

/** The stat of one process, or undefined when it does not exist (or /proc is not there). */
export function readProcStat(pid: number): ProcStat | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** Every process currently visible in /proc. Costs one small read per process. */
export function listProcStats(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const stats: ProcStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** True while the process exists and is not a zombie waiting to be reaped. */
export function isAlive(stat: ProcStat | undefined): stat is ProcStat {
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}
