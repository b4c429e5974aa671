// Who listens on a TCP port, from Linux /proc: /proc/net/tcp{,6} give each listening socket's port and
// inode, /proc/PID/fd links name the processes holding that inode. Best effort: another user's
// processes cannot be read, and where /proc is absent nothing is found.

import fs from 'node:fs';
import { listeningSockets } from '../../os/listeningSockets.js';
import { readProcStat } from '../../pty/procStat.js';

export { listeningSockets };

/** The pids of processes holding a listening socket on `port` (that this user may read). */
export function portHolderPids(port: number, sockets = listeningSockets()): number[] {
  const inodes = sockets.get(port);
  if (!inodes || inodes.size === 0) return [];
  const links = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  const pids: number[] = [];
  let names: string[];
  try {
    names = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  for (const name of names) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${name}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${name}/fd/${fd}`);
      } catch {
        continue;
      }
      if (links.has(target)) {
        pids.push(Number(name));
        break;
      }
    }
  }
  return pids;
}

/** "pid 123 (node)" for each holder of the port, or a sentence saying none could be named. */
export function describePortHolder(port: number, sockets = listeningSockets()): string {
  const pids = portHolderPids(port, sockets);
  if (pids.length === 0) return sockets.has(port) ? `port ${port} is held by a process this user cannot see` : `port ${port} is recorded by another workspace`;
  return `port ${port} is held by ${pids.map((pid) => `pid ${pid} (${readProcStat(pid)?.comm ?? '?'})`).join(', ')}`;
}
