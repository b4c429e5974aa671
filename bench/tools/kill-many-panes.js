#!/usr/bin/env node
// How long `tessera kill-server` takes to end many panes: starts a server in a throwaway sandbox,
// opens N panes (default 2000, each a shell command that ignores SIGHUP, so the kill has work to do),
// then times kill-server until the server has exited and no pane process is left.
//   node bench/tools/kill-many-panes.js [N]      (after npm run build)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlRequest } from '../lib/control-request.js';

const BIN = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const PANES = Number(process.argv[2] ?? 2000);
/** Requests sent at once while opening panes. */
const PARALLEL = 16;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-killbench-'));
const env = { ...process.env, TESSERA_TMPDIR: path.join(root, 'run'), TESSERA_CONFIG_DIR: path.join(root, 'config'), TESSERA_STATE_DIR: path.join(root, 'state') };
const socketPath = path.join(env.TESSERA_TMPDIR, `tessera-${process.getuid?.() ?? 0}`, 'killbench');

/** @param {string} command @param {Record<string, unknown>} args @returns {Promise<any>} */
const request = (command, args) => controlRequest(socketPath, command, args, root);

/** @param {number} pid */
const alive = (pid) => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

try {
  execFileSync(process.execPath, [BIN, '-L', 'killbench', 'new', '-d', '-s', 'w0', '--', 'sh', '-c', "trap '' HUP; sleep 100000"], { env });
  const opening = Date.now();
  for (let next = 1; next < PANES; next += PARALLEL) {
    const batch = [];
    for (let i = next; i < Math.min(PANES, next + PARALLEL); i++) batch.push(request('new', { name: `w${i}`, cwd: root, command: ['sh', '-c', "trap '' HUP; sleep 100000"] }));
    await Promise.all(batch);
  }
  const { pid } = /** @type {{ pid: number }} */ (await request('server-info', {}));
  const panes = /** @type {{ pid: number | null }[]} */ (await request('list-panes', { all: true }));
  const panePids = panes.map((p) => p.pid).filter((p) => p !== null);
  process.stdout.write(`opened ${PANES} panes in ${((Date.now() - opening) / 1000).toFixed(1)} s (${panePids.length} listed)\n`);

  const killing = Date.now();
  const seconds = () => ((Date.now() - killing) / 1000).toFixed(2);
  execFileSync(process.execPath, [BIN, '-L', 'killbench', 'kill-server'], { env });
  process.stdout.write(`  kill-server answered after ${seconds()} s\n`);
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
  process.stdout.write(`  the server exited after ${seconds()} s\n`);
  while (panePids.some(alive)) await new Promise((resolve) => setTimeout(resolve, 20));
  process.stdout.write(`kill-server with ${PANES} panes: ${seconds()} s until the server and every pane process were gone\n`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
