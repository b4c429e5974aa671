#!/usr/bin/env node
// Whether saving workspace records holds the server up while the disk is busy. A workspace of two
// panes; CHANGES layout changes, one every CHANGE_GAP_MS (each is saved a moment later), first with
// the disk quiet, then while another process writes and flushes 500 MB files in a loop (a build, an
// image pull). The figure is how late the server's event loop ran meanwhile (`server-info
// --loop-delay`): a key typed in any pane waits that long at most for the server itself.
//   node bench/tools/save-stall.js [CHANGES]      (after npm run build; default 20)

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const CHANGES = Number(process.argv[2] ?? 20);
if (!Number.isInteger(CHANGES) || CHANGES < 1) {
  process.stderr.write('save-stall: CHANGES must be a whole number of at least 1\n');
  process.exit(2);
}
/** More than the server's save delay (RECORD_SAVE_DELAY_MS, 300 ms): every change is a write of its own. */
const CHANGE_GAP_MS = 400;
/** What the busy disk's writer writes and flushes, again and again. */
const WRITER_MB = 500;
const LABEL = 'savestall';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-savestall-')));
const env = {
  ...process.env,
  TESSERA_TMPDIR: path.join(root, 'run'),
  TESSERA_CONFIG_DIR: path.join(root, 'config'),
  TESSERA_STATE_DIR: path.join(root, 'state'),
  TESSERA_WORKSPACE_ROOT: path.join(root, 'workspaces'),
};
/** @param {string[]} args */
const tessera = (...args) => execFileSync(process.execPath, [BIN, '-L', LABEL, ...args], { env, encoding: 'utf8' });
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's event loop lateness since the last call. @returns {{ p99Ms: number, maxMs: number }} */
const loopDelay = () => JSON.parse(tessera('server-info', '--json', '--loop-delay')).loopDelay;

/** CHANGES layout changes, and how late the server's loop ran meanwhile. */
async function changeLayout() {
  loopDelay();
  for (let i = 0; i < CHANGES; i += 1) {
    tessera('resize-pane', '-t', '1', i % 2 === 0 ? '--right' : '--left', '3');
    await sleep(CHANGE_GAP_MS);
  }
  return loopDelay();
}

/** A process that writes and flushes WRITER_MB files until stopped. */
function busyDisk() {
  const script = `while :; do dd if=/dev/zero of=${path.join(root, 'big')} bs=1M count=${WRITER_MB} conv=fsync status=none; done`;
  return spawn('sh', ['-c', script], { stdio: 'ignore', detached: true });
}

/** @param {string} label @param {{ p99Ms: number, maxMs: number }} delay */
const report = (label, delay) => process.stdout.write(`  ${label.padEnd(12)} the server's event loop late by p99 ${delay.p99Ms.toFixed(1)} ms, max ${delay.maxMs.toFixed(1)} ms\n`);

let writer;
try {
  const project = path.join(root, 'project');
  fs.mkdirSync(project);
  tessera('new', '-d', '-s', 'demo', '-c', project, '--', 'sleep', '600');
  tessera('split', '-t', 'demo:0', '--right', '-d', '--', 'sleep', '600');
  process.stdout.write(`save-stall: ${CHANGES} layout changes, one every ${CHANGE_GAP_MS} ms (each saved)\n`);
  report('disk quiet', await changeLayout());
  writer = busyDisk();
  await sleep(500);
  report('disk busy', await changeLayout());
} finally {
  if (writer?.pid !== undefined) process.kill(-writer.pid, 'SIGKILL');
  try {
    tessera('kill-server');
  } catch {
    // Not started, or gone.
  }
  fs.rmSync(root, { recursive: true, force: true });
}
