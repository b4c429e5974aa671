#!/usr/bin/env node
// What the conflict radar costs while agents work (issue 21's budget: at most 5 % of one core on
// average with 10 open workspaces changing files). Ten worktree workspaces of one repository, each
// open with a pane that sleeps; for DURATION seconds one file of some workspace is edited every
// EDIT_MS (half of the edits to a file two workspaces share, so the radar finds and merges real
// conflicts), as agents writing would. The figure is the server's CPU (its own and its git
// children's, from /proc) over that time, beside the same time with nothing edited.
//   node bench/tools/radar-cpu.js [DURATION_S] [WORKSPACES] [FILES]      (after npm run build)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OuterTerminal } from '../lib/outer-terminal.js';
import { latencyPercentiles } from '../lib/stats.js';
import { typeKeys } from '../scenarios/keystroke.js';

const BIN = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const DURATION_S = Number(process.argv[2] ?? 30);
const COUNT = Number(process.argv[3] ?? 10);
/** One edit somewhere this often (an agent writes a file every few seconds; ten of them). */
const EDIT_MS = 500;
/** Files of the generated repository (by default a small project; 10000 is a large checkout). */
const FILES = Number(process.argv[4] ?? 300);
for (const [name, value, least] of /** @type {[string, number, number][]} */ ([['DURATION_S', DURATION_S, 1], ['WORKSPACES', COUNT, 2], ['FILES', FILES, 2]])) {
  if (!Number.isInteger(value) || value < least) {
    process.stderr.write(`radar-cpu: ${name} must be a whole number of at least ${least}\n`);
    process.exit(2);
  }
}
const LABEL = 'radarbench';
/** Keys typed for each echo figure, and the pause after each echo (a person typing slowly). */
const ECHO_KEYS = 120;
const ECHO_GAP_MS = 100;

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-radarbench-')));
const identity = { GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' };
const env = {
  ...process.env,
  ...identity,
  TESSERA_TMPDIR: path.join(root, 'run'),
  TESSERA_CONFIG_DIR: path.join(root, 'config'),
  TESSERA_STATE_DIR: path.join(root, 'state'),
  TESSERA_WORKSPACE_ROOT: path.join(root, 'workspaces'),
};

/** @param {string} dir @param {string[]} args */
const git = (dir, ...args) => execFileSync('git', ['-C', dir, ...args], { env, encoding: 'utf8' });
/** @param {string[]} args */
const tessera = (...args) => execFileSync(process.execPath, [BIN, '-L', LABEL, ...args], { env, encoding: 'utf8' });

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** CPU of a process and of its children it has waited for (git children), in ms. @param {number} pid */
function cpuWithChildrenMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return (((f[11] ?? 0) + (f[12] ?? 0) + (f[13] ?? 0) + (f[14] ?? 0)) * 1000) / CLOCK_TICKS;
}

/** Edits one file every EDIT_MS until `stop` resolves. @param {() => void} tick @param {Promise<unknown>} stop */
async function editUntil(tick, stop) {
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    tick();
    await new Promise((resolve) => setTimeout(resolve, EDIT_MS));
  }
}

/** Percent of one core the server used over `seconds` while `tick` runs every EDIT_MS. @param {number} pid @param {number} seconds @param {() => void} tick */
async function measure(pid, seconds, tick) {
  const cpu0 = cpuWithChildrenMs(pid);
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    tick();
    await new Promise((resolve) => setTimeout(resolve, EDIT_MS));
  }
  return ((cpuWithChildrenMs(pid) - cpu0) / (performance.now() - t0)) * 100;
}

/** @type {OuterTerminal | undefined} */
let outer;
/** Runs `work` while the edits go on. @template T @param {() => void} edit @param {() => Promise<T>} work @returns {Promise<T>} */
async function runWhileEditing(edit, work) {
  const done = work();
  await Promise.all([editUntil(edit, done), done]);
  return done;
}

try {
  const repo = path.join(root, 'app');
  fs.mkdirSync(path.join(repo, 'src'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(repo, 'src', `f${i}.ts`), Array.from({ length: 80 }, (_, l) => `export const v${l} = ${l};`).join('\n') + '\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  /** @type {string[]} */
  const dirs = [];
  for (let i = 0; i < COUNT; i++) {
    tessera('new', '-d', '-s', `w${i}`, '--worktree', '--repo', repo, '--', 'sleep', '3600');
    dirs.push(path.join(env.TESSERA_WORKSPACE_ROOT, 'app', `w${i}`));
  }
  const pid = /** @type {{ pid: number }} */ (JSON.parse(tessera('server-info', '--json'))).pid;
  tessera('ls'); // counted once; the radar has its first look during the idle window

  const idle = await measure(pid, DURATION_S, () => undefined);
  let n = 0;
  const edit = () => {
    const w = n % COUNT;
    // Half the edits go to src/f0.ts (shared by every workspace: conflicts to find), the rest to a file of the workspace's own.
    const file = n % 2 === 0 ? 'src/f0.ts' : `src/f${1 + ((w * 7 + n) % (FILES - 1))}.ts`;
    fs.appendFileSync(path.join(dirs[w] ?? '', file), `export const edit${n} = ${w};\n`);
    n++;
  };
  const busy = await measure(pid, DURATION_S, edit);
  const conflicts = /** @type {{ conflicts: unknown[] }[]} */ (JSON.parse(tessera('ls', '--json'))).filter((w) => w.conflicts.length > 0).length;
  const load = os.loadavg()[0]?.toFixed(1);
  process.stdout.write(`conflict radar, ${COUNT} open worktree workspaces of ${FILES} files (load average ${load} on ${os.cpus().length} cores)\n`);
  process.stdout.write(`  nothing edited for ${DURATION_S} s:           server + git children ${idle.toFixed(2)} % of one core\n`);
  process.stdout.write(`  a file edited every ${EDIT_MS} ms for ${DURATION_S} s: server + git children ${busy.toFixed(2)} % of one core (budget 5 %); ${conflicts} workspaces shown in conflict\n`);

  const typing = path.join(root, 'typing');
  fs.mkdirSync(typing);
  tessera('new', '-d', '-s', 'typing', '-c', typing, '--', 'bash', '--norc', '--noprofile');
  outer = new OuterTerminal({ file: process.execPath, args: [BIN, '-L', LABEL, 'attach', '-t', 'typing'], env, cwd: typing });
  await outer.waitForScreen((lines) => lines.some((l) => l.includes('typing')), { timeoutMs: 30_000, what: 'the attached client' });
  /** How late the server's event loop ran since the last call (a key waits that long at most for the server itself). */
  const loopDelay = () => /** @type {{ loopDelay: { p99Ms: number, maxMs: number } | null }} */ (JSON.parse(tessera('server-info', '--json', '--loop-delay'))).loopDelay;
  loopDelay();
  const quiet = latencyPercentiles(await typeKeys(outer, ECHO_KEYS, ECHO_GAP_MS));
  const quietLoop = loopDelay();
  const whileEditing = latencyPercentiles(await runWhileEditing(edit, () => typeKeys(/** @type {OuterTerminal} */ (outer), ECHO_KEYS, ECHO_GAP_MS)));
  const editingLoop = loopDelay();
  /** @param {ReturnType<typeof latencyPercentiles>} p @param {{ p99Ms: number, maxMs: number } | null} loop */
  const echo = (p, loop) =>
    `p50 ${p.p50?.toFixed(2)} ms, p99 ${p.p99?.toFixed(2)} ms, max ${p.max?.toFixed(2)} ms; the server's event loop late by p99 ${loop?.p99Ms.toFixed(1)} ms, max ${loop?.maxMs.toFixed(1)} ms`;
  process.stdout.write(`  keystroke echo in another workspace, ${ECHO_KEYS} keys: nothing edited ${echo(quiet, quietLoop)}\n`);
  process.stdout.write(`                                          while editing ${echo(whileEditing, editingLoop)}\n`);
} finally {
  outer?.dispose();
  try {
    tessera('kill-server');
  } catch {
    // already gone
  }
  fs.rmSync(root, { recursive: true, force: true });
}
