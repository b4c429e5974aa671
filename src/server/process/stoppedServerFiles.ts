// Cleaning up after servers that have stopped: their logs, leftover sockets and state directories
// in the socket directory are removed once nobody touched them for a while. A live server's files,
// and pid records that still list panes (the sweep needs them), are never touched.

import fs from 'node:fs';
import path from 'node:path';
import { STOPPED_SERVER_FILES_MAX_AGE_MS } from '../../limits.js';
import { hasPidRecords } from '../../pty/pidRecords.js';
import { probeSocket } from '../../protocol/socketSecurity.js';

/** Names a server's files are made of: NAME (socket), NAME.log, NAME.log.1, NAME.d/. */
const SERVER_FILE = /^(.+?)(\.log|\.log\.1|\.d)?$/;

export interface CleanupResult {
  removed: string[];
}

/** Removes what stopped servers left in `socketDir` untouched for `maxAgeMs`; `ownName` is the caller's server. */
export async function removeStoppedServerFiles(
  socketDir: string,
  ownName: string,
  { now = Date.now(), maxAgeMs = STOPPED_SERVER_FILES_MAX_AGE_MS }: { now?: number; maxAgeMs?: number } = {},
): Promise<CleanupResult> {
  const servers = new Map<string, string[]>();
  for (const entry of fs.readdirSync(socketDir)) {
    const name = SERVER_FILE.exec(entry)?.[1];
    if (name === undefined || name === ownName) continue;
    servers.set(name, [...(servers.get(name) ?? []), entry]);
  }
  const removed: string[] = [];
  for (const [name, entries] of servers) {
    const socketPath = path.join(socketDir, name);
    if (await isLive(socketPath)) continue;
    const paths = entries.map((entry) => path.join(socketDir, entry));
    const newest = Math.max(...paths.map(lastTouched));
    if (now - newest < maxAgeMs) continue;
    for (const file of paths) if (removeIfStopped(file)) removed.push(file);
  }
  return { removed };
}

async function isLive(socketPath: string): Promise<boolean> {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(socketPath);
  } catch {
    return false;
  }
  // Something at the name that is not a socket is not ours to judge: treat it as live, leave it.
  return !stat.isSocket() || (await probeSocket(socketPath)) !== 'refused';
}

function lastTouched(file: string): number {
  const stat = fs.lstatSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((entry) => fs.lstatSync(path.join(file, entry)).mtimeMs));
}

function removeIfStopped(file: string): boolean {
  const stat = fs.lstatSync(file);
  if (stat.isDirectory()) {
    if (hasPidRecords(file)) return false;
    fs.rmSync(file, { recursive: true, force: true });
    return true;
  }
  if (!stat.isFile() && !stat.isSocket()) return false;
  fs.rmSync(file, { force: true });
  return true;
}
