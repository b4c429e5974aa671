#!/usr/bin/env node
// How long `tessera upgrade` holds the panes still: a private server (in a throwaway sandbox) with N
// shell panes (4 to a workspace), each with a full history of colored lines, is moved to a server of
// the same build again and again (`upgrade --force`), and each move is timed: from the request to
// the answer (which comes once the new server serves), and the server's own figure (from holding
// the panes still to the new server serving). Every pane must keep its process.
//   node bench/tools/upgrade-time.js [--panes 1,8,32] [--lines 5000] [--reps 3] [--log]   (after npm run build)
// --log prints what the servers logged about each move (where the time went).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFullWidthLines } from '../lib/colored-text.js';
import { controlRequest } from '../lib/control-request.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/tessera.js');
const ENTRY = path.join(ROOT, 'dist/server/main.cjs');
const COLS = 120;
const PANES_PER_WORKSPACE = 4;

const args = process.argv.slice(2);
/** @param {string} name @param {string} fallback */
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const paneCounts = option('--panes', '1,8,32').split(',').map(Number);
const lines = Number(option('--lines', '5000'));
const reps = Number(option('--reps', '3'));

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} what @param {() => Promise<boolean>} test */
async function waitFor(what, test, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** @param {number} panes */
async function measure(panes) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-upgrade-time-'));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(home, '.bashrc'), "PS1='bench$ '\n");
  const env = { ...process.env, HOME: home, SHELL: '/bin/bash', TESSERA_TMPDIR: path.join(root, 'run'), TESSERA_CONFIG_DIR: path.join(root, 'config'), TESSERA_STATE_DIR: path.join(root, 'state') };
  const socketPath = path.join(root, 'run', `tessera-${process.getuid?.() ?? 0}`, 'up');
  const fixture = path.join(root, 'history.txt');
  fs.writeFileSync(fixture, buildFullWidthLines({ count: lines, width: COLS - 2, seed: 11 }));
  /** @param {string} command @param {Record<string, unknown>} requestArgs */
  const request = (command, requestArgs) => controlRequest(socketPath, command, requestArgs, root);
  /** @param {string[]} argv */
  const cli = (argv) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, '-L', 'up', ...argv], { env, cwd: root, stdio: 'ignore' });
      child.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`tessera ${argv.join(' ')} exited ${code}`))));
    });
  try {
    for (let made = 0; made < panes; made += PANES_PER_WORKSPACE) {
      const name = `w${made / PANES_PER_WORKSPACE}`;
      const dir = path.join(root, name);
      fs.mkdirSync(dir);
      await cli(['new', '-d', '-s', name, '-c', dir]);
      const inThis = Math.min(PANES_PER_WORKSPACE, panes - made);
      if (inThis > 1) await request('split', { pane: `${name}:0`, side: 'right' });
      if (inThis > 2) await request('split', { pane: `${name}:0`, side: 'down' });
      if (inThis > 3) await request('split', { pane: `${name}:2`, side: 'down' });
    }
    /** @returns {Promise<{ id: number; pid: number; status: string }[]>} */
    const listPanes = () => request('list-panes', {});
    await waitFor('every prompt', async () => (await listPanes()).every((p) => p.status === 'idle'));
    for (const pane of await listPanes()) await request('send-keys', { pane: String(pane.id), keys: [`cat ${fixture}; echo filled`, 'Enter'] });
    await waitFor('every history to fill', async () => {
      const shown = await Promise.all((await listPanes()).map((p) => request('capture-pane', { pane: String(p.id) })));
      return shown.every((s) => /\nfilled\n/.test(s));
    });
    const pids = (await listPanes()).map((p) => p.pid).join(',');
    const results = [];
    for (let rep = 0; rep < reps; rep++) {
      const started = performance.now();
      const answer = await request('upgrade', { node: process.execPath, entry: ENTRY, version: 'bench', force: true });
      const wall = performance.now() - started;
      await waitFor('the new server', async () => (await request('server-info', {})).pid === answer.to.pid);
      if ((await listPanes()).map((p) => p.pid).join(',') !== pids) throw new Error('a pane lost its process');
      results.push({ wall, held: answer.ms });
    }
    if (args.includes('--log')) {
      const log = fs.readFileSync(`${socketPath}.log`, 'utf8').split('\n');
      for (const line of log) if (/upgrade:|took over/.test(line)) console.log(`  ${line}`);
    }
    return results;
  } finally {
    await controlRequest(socketPath, 'kill-server', {}, root).catch(() => undefined);
    await sleep(500);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`tessera upgrade --force, ${lines} lines of history per pane, ${reps} repetitions; node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`);
console.log("| panes | answer after (median, min–max) | held still, the server's figure (median) |");
console.log('|---|---|---|');
for (const panes of paneCounts) {
  const results = await measure(panes);
  const walls = results.map((r) => r.wall);
  console.log(`| ${panes} | ${median(walls).toFixed(0)} ms (${Math.min(...walls).toFixed(0)}–${Math.max(...walls).toFixed(0)}) | ${median(results.map((r) => r.held)).toFixed(0)} ms |`);
}
