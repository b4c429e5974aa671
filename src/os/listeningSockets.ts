// Listening TCP sockets from Linux /proc/net/tcp{,6}: each port with the inodes of its sockets (the
// inode leads to the process holding it, see server/stack/portHolders.ts). Empty where /proc is absent.
// Here, outside server/, because the client's 'profile check' reads it too.

import fs from 'node:fs';

const LISTEN = '0A';

/** Listening ports with the inodes of their sockets. */
export function listeningSockets(): Map<number, Set<string>> {
  const sockets = new Map<number, Set<string>>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== LISTEN) continue;
      const port = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
      const inode = fields[9];
      if (!Number.isInteger(port) || inode === undefined) continue;
      const inodes = sockets.get(port) ?? new Set<string>();
      inodes.add(inode);
      sockets.set(port, inodes);
    }
  }
  return sockets;
}

