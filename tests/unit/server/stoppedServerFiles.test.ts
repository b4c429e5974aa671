// Logs and state of servers that stopped long ago are removed; a live server's files, recent ones,
// and pid records that still list panes are never touched.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStoppedServerFiles } from '../../../src/server/process/stoppedServerFiles.js';
import { scratch } from '../../helpers/scratch.js';

const DAY = 24 * 60 * 60 * 1000;
const temp = scratch('tessera-stopped-');
const socketDir = temp.dir;

/** A server's files as a stopped one leaves them: log, rotated log, state dir with empty records, a stale socket. */
function leftovers(dir: string, name: string, records = 'tessera-pane-pids 2\n'): string[] {
  const files = [`${name}.log`, `${name}.log.1`];
  for (const file of files) fs.writeFileSync(path.join(dir, file), 'old log\n');
  fs.mkdirSync(path.join(dir, `${name}.d`));
  fs.writeFileSync(path.join(dir, `${name}.d`, 'pane-pids.json'), records);
  const script = `require('net').createServer().listen(${JSON.stringify(path.join(dir, name))}, () => process.kill(process.pid, 'SIGKILL'))`;
  spawnSync(process.execPath, ['-e', script]);
  return [...files, `${name}.d`, name];
}

function age(dir: string, days: number): void {
  const when = new Date(Date.now() - days * DAY);
  for (const entry of fs.readdirSync(dir, { recursive: true }) as string[]) fs.lutimesSync(path.join(dir, entry), when, when);
}

describe('removeStoppedServerFiles', () => {
  it("removes a stopped server's files once they are older than the limit, and nothing recent", async () => {
    const dir = socketDir();
    const old = leftovers(dir, 'old');
    age(dir, 30);
    leftovers(dir, 'recent');
    const { removed } = await removeStoppedServerFiles(dir, 'me', { maxAgeMs: 7 * DAY });
    expect(removed.map((file) => path.basename(file)).sort()).toEqual(old.sort());
    expect(fs.readdirSync(dir).sort()).toEqual(['recent', 'recent.d', 'recent.log', 'recent.log.1']);
  });

  it("never touches a live server's files, its own, records that still list panes, or what is not a server file", async () => {
    const dir = socketDir();
    fs.writeFileSync(path.join(dir, 'live.log'), 'live\n');
    const live = temp.keep(net.createServer());
    await new Promise<void>((resolve) => live.listen(path.join(dir, 'live'), resolve));
    leftovers(dir, 'me');
    leftovers(dir, 'crashed', `tessera-pane-pids 2\n+ 1 ${process.pid} ${process.pid} 1\n`);
    fs.mkdirSync(path.join(dir, 'notes'));
    age(dir, 30);
    const { removed } = await removeStoppedServerFiles(dir, 'me', { maxAgeMs: 7 * DAY });
    expect(removed.map((file) => path.basename(file)).sort()).toEqual(['crashed', 'crashed.log', 'crashed.log.1']);
    expect(fs.readdirSync(dir).sort()).toEqual(['crashed.d', 'live', 'live.log', 'me', 'me.d', 'me.log', 'me.log.1', 'notes']);
  });
});
