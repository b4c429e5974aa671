// Which descriptors a process holds on an outer terminal: for tests of the server reading keys from
// and writing frames to a client's terminal itself.

import fs from 'node:fs';
import type { OuterTerminal, TesseraSandbox } from './outerTerminal.js';

/** The access-mode bits of open(2) flags (Node's fs.constants has no O_ACCMODE). */
const ACCESS_MODE = 0o3;

/** The sandbox server's pid, from server-info. */
export async function serverPid(sandbox: TesseraSandbox): Promise<number> {
  return (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;
}

/** The terminal device (/dev/pts/N) an outer terminal's program runs in. */
export function ptsOf(t: OuterTerminal): string {
  return (t.process as unknown as { ptsName: string }).ptsName;
}

/** How many descriptors process `pid` holds open on `path`; with `access` (e.g. O_RDONLY), only those opened so. */
export function descriptorsOn(pid: number, path: string, access?: number): number {
  const dir = `/proc/${pid}/fd`;
  let count = 0;
  for (const fd of fs.readdirSync(dir)) {
    try {
      if (fs.readlinkSync(`${dir}/${fd}`) !== path) continue;
      if (access !== undefined) {
        const flags = /^flags:\s+([0-7]+)$/m.exec(fs.readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'));
        if (!flags || (parseInt(flags[1], 8) & ACCESS_MODE) !== access) continue;
      }
      count += 1;
    } catch {
      // closed while we looked
    }
  }
  return count;
}
