// Ending everything an agent started: its process group, and any stragglers that left the group but not the session.

import { readdirSync, readFileSync } from 'node:fs';

/** The session id field of /proc/PID/stat (after the `(comm)` field, which may contain spaces). */
function sessionOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[3]);
  } catch {
    return undefined;
  }
}

/** Processes in the session led by `leader` (a PTY child is a session leader), the leader included. */
export function sessionMembers(leader: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => sessionOf(pid) === leader);
}

export function signalSession(leader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leader, signal);
  } catch {
    // The group is already gone.
  }
  for (const pid of sessionMembers(leader)) {
    try {
      process.kill(pid, signal);
    } catch {
      // Exited meanwhile.
    }
  }
}
