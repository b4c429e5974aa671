#!/usr/bin/env node
// What `tessera ls --json` costs with many worktree workspaces of one repository (each with a commit,
// an edited file and an untracked file): from a cold server (the first ls after a restart, answered
// from the counts the last server kept on disk, each checked against its folder's fingerprint), from a
// cold server after every folder changed while none ran (every count made with git), and again when
// nothing changed (answered from memory). Budgets (issue 21): ≤ 1 s cold, ≤ 300 ms when nothing changed.
//   node bench/tools/ls-review.js [N]      (after npm run build; N defaults to 40)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlRequest } from '../lib/control-request.js';

const BIN = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const COUNT = Number(process.argv[2] ?? 40);
/** Calls timed when nothing changed (the median is reported). */
const WARM_CALLS = 7;
const LABEL = 'lsbench';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lsbench-')));
const identity = { GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' };
const env = {
  ...process.env,
  ...identity,
  TESSERA_TMPDIR: path.join(root, 'run'),
  TESSERA_CONFIG_DIR: path.join(root, 'config'),
  TESSERA_STATE_DIR: path.join(root, 'state'),
  TESSERA_WORKSPACE_ROOT: path.join(root, 'workspaces'),
};
const socketPath = path.join(env.TESSERA_TMPDIR, `tessera-${process.getuid?.() ?? 0}`, LABEL);

/** @param {string} dir @param {string[]} args */
const git = (dir, ...args) => execFileSync('git', ['-C', dir, ...args], { env, encoding: 'utf8' });
/** @param {string[]} args */
const tessera = (...args) => execFileSync(process.execPath, [BIN, '-L', LABEL, ...args], { env, encoding: 'utf8' });

/** Milliseconds of the whole command line `tessera ls --json` (first), then of one ls request over the socket (the server's work). */
async function timeLs() {
  const cliStarted = performance.now();
  const listed = /** @type {unknown[]} */ (JSON.parse(tessera('ls', '--json'))).length;
  const cli = performance.now() - cliStarted;
  const started = performance.now();
  await controlRequest(socketPath, 'ls', {}, root);
  return { cli, request: performance.now() - started, listed };
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  const repo = path.join(root, 'app');
  fs.mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(repo, `file${i}.txt`), `line\n`.repeat(50));
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'first');
  for (let i = 0; i < COUNT; i++) {
    tessera('new', '-d', '-s', `w${i}`, '--worktree', '--repo', repo);
    const dir = path.join(env.TESSERA_WORKSPACE_ROOT, 'app', `w${i}`);
    fs.writeFileSync(path.join(dir, `own${i}.txt`), 'mine\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'own');
    // Each its own files, as agents on separate tasks mostly do (the radar then merges no pair).
    fs.appendFileSync(path.join(dir, `file${i % 20}.txt`), `edit ${i}\n`);
    fs.writeFileSync(path.join(dir, `scratch${i}.txt`), 'untracked\n');
  }
  // The server counts every folder as it is now (and keeps the counts on disk as it stops).
  fs.mkdirSync(path.join(root, 'plain'));
  tessera('new', '-d', '-s', 'starter', '-c', path.join(root, 'plain'));
  tessera('ls', '--json');
  tessera('kill-server');
  // A cold server, started with start-server (ls would answer from the records without one).
  tessera('start-server');
  const cold = await timeLs();
  // No server at all (after a reboot): ls reads the records and the counts the last server kept.
  tessera('kill-server');
  const offlineStarted = performance.now();
  tessera('ls', '--json');
  const offline = performance.now() - offlineStarted;
  // Again, after every folder changed while no server ran: each one is counted with git.
  for (let i = 0; i < COUNT; i++) fs.appendFileSync(path.join(env.TESSERA_WORKSPACE_ROOT, 'app', `w${i}`, `scratch${i}.txt`), 'more\n');
  tessera('start-server');
  const coldChanged = await timeLs();
  const warm = [];
  for (let i = 0; i < WARM_CALLS; i++) warm.push(await timeLs());
  const load = os.loadavg()[0]?.toFixed(1);
  process.stdout.write(`ls with ${cold.listed - 1} worktree workspaces and 1 folder outside git (load average ${load} on ${os.cpus().length} cores)\n`);
  process.stdout.write(`  cold server:     tessera ls --json ${cold.cli.toFixed(0)} ms (budget 1000 ms)\n`);
  process.stdout.write(`  no server running: tessera ls --json ${offline.toFixed(0)} ms (from the records and the kept counts)\n`);
  process.stdout.write(`  cold server, every folder changed while none ran: tessera ls --json ${coldChanged.cli.toFixed(0)} ms\n`);
  process.stdout.write(`  nothing changed: request ${median(warm.map((w) => w.request)).toFixed(0)} ms, tessera ls --json ${median(warm.map((w) => w.cli)).toFixed(0)} ms (medians of ${WARM_CALLS}; budget 300 ms)\n`);
} finally {
  try {
    tessera('kill-server');
  } catch {
    // already gone
  }
  fs.rmSync(root, { recursive: true, force: true });
}
