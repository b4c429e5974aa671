#!/usr/bin/env node
// Where the server's memory goes, step by step: starts a private server (in a throwaway sandbox)
// with 8 idle shell panes of 200×50, fills their histories, opens 24 more filled panes, closes them
// all, and prints the server's RSS (with its `server-info` breakdown) after each step, plus the
// server's CPU time while the 8 panes sit idle.
//   node bench/tools/memory-profile.js [--flags "--max-semi-space-size=1"] [--idle-seconds 10] [--idle-windows 1] [--idle-only] [--smaps] [--no-env]
// (after npm run build). --flags replaces the server's Node flags (default: the ones tessera uses).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlRequest } from '../lib/control-request.js';
import { buildFullWidthLines } from '../lib/colored-text.js';
import { cpuTimeMs, residentBytes } from '../lib/proc.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = path.join(ROOT, 'dist/server/main.cjs');
const COLS = 200;
const ROWS = 50;
const IDLE_PANES = 8;
const MANY_PANES = 32;
/** Lines printed per pane: more than the default 5000-line history holds. */
const FILL_LINES = 5200;
const SETTLE_MS = 3000;

const args = process.argv.slice(2);
/** @param {string} name @param {string} [fallback] @returns {string | undefined} */
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
/** The flags tessera starts its server with (SERVER_NODE_FLAGS in src/limits.ts). */
function tesseraFlags() {
  const source = fs.readFileSync(path.join(ROOT, 'src/limits.ts'), 'utf8');
  const list = /SERVER_NODE_FLAGS\s*=\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([^']*)'/g)].map((match) => match[1]);
}
/** The environment tessera adds for its server (SERVER_ENV in src/limits.ts); --no-env leaves it out. */
function tesseraEnv() {
  const source = fs.readFileSync(path.join(ROOT, 'src/limits.ts'), 'utf8');
  const literal = /SERVER_ENV[^=]*=\s*(\{[^}]*\})/.exec(source)?.[1] ?? '{}';
  return /** @type {Record<string, string>} */ (new Function(`return ${literal}`)());
}
const flagText = option('--flags', undefined);
const nodeFlags = flagText !== undefined ? flagText.split(/\s+/).filter(Boolean) : tesseraFlags();
const idleSeconds = Number(option('--idle-seconds', '10'));
const idleWindows = Number(option('--idle-windows', '1'));
/** --snapshot DIR: a heap snapshot of the server with the idle panes is written to DIR. */
const snapshotDir = option('--snapshot', undefined);
if (snapshotDir !== undefined) nodeFlags.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.resolve(snapshotDir)}`);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-memprofile-'));
const socketDir = path.join(root, 'run', `tessera-${process.getuid?.() ?? 0}`);
fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
const socketPath = path.join(socketDir, 'mem');
const home = path.join(root, 'home');
fs.mkdirSync(home);
const env = {
  ...process.env,
  HOME: home,
  SHELL: '/bin/bash',
  TESSERA_TMPDIR: path.join(root, 'run'),
  TESSERA_CONFIG_DIR: path.join(root, 'config'),
  TESSERA_STATE_DIR: path.join(root, 'state'),
  ...(args.includes('--no-env') ? {} : tesseraEnv()),
};
const fixture = path.join(root, 'history.txt');
fs.writeFileSync(fixture, buildFullWidthLines({ count: FILL_LINES, width: COLS, seed: 7 }));

/** @param {string} command @param {Record<string, unknown>} args @returns {Promise<any>} */
const request = (command, args) => controlRequest(socketPath, command, args, root);

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} what @param {() => Promise<boolean>} test */
async function waitFor(what, test, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await test()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** @param {number} bytes */
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Resident memory split as /proc reports it: anonymous (heap, malloc) and file-backed (code). */
/** @param {number} pid */
function smaps(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  /** @param {string} key */
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { anon: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
}

/** @param {string} step @param {number} pid */
async function report(step, pid) {
  const info = await request('server-info', {});
  const rss = residentBytes(pid);
  const { anon, file } = smaps(pid);
  const memory = info.memory;
  const parts = memory
    ? `heap ${mb(memory.heapUsed)} used / ${mb(memory.heapTotal)}, external ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)}), ` +
      `screens ${mb(memory.screens)}, history ${mb(memory.history)} (${memory.historyLines} lines)`
    : '(no memory section in server-info)';
  process.stdout.write(`${step.padEnd(34)} RSS ${mb(rss).padStart(9)}  [anon ${mb(anon)}, file ${mb(file)}]  ${parts}\n`);
  return rss;
}

/** @param {number[]} ids */
async function prompts(ids) {
  for (const id of ids) {
    await waitFor(`pane ${id}'s prompt`, async () => (await request('capture-pane', { pane: String(id) })).includes('mem$'));
  }
}

/** @param {number} count @param {number} first @returns {Promise<number[]>} */
async function openPanes(count, first) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    const created = await request('new', {
      name: `w${first + i}`,
      cwd: root,
      size: { cols: COLS, rows: ROWS },
      command: ['bash', '--norc', '--noprofile'],
    });
    ids.push(created.pane);
  }
  for (const id of ids) await request('send-keys', { pane: String(id), keys: ["PS1='mem$ '; clear\r"] });
  await prompts(ids);
  return ids;
}

/** @param {number[]} ids */
async function fill(ids) {
  for (const id of ids) await request('send-keys', { pane: String(id), keys: [`cat ${fixture}; echo '@@'"done@@"\r`] });
  for (const id of ids) {
    await waitFor(`pane ${id} filled`, async () => (await request('capture-pane', { pane: String(id) })).includes('@@done@@'), 600_000);
  }
}

const log = fs.openSync(path.join(root, 'server.log'), 'a');
const server = spawn(process.execPath, [...nodeFlags, SERVER, socketPath], { env, detached: true, stdio: ['ignore', log, log], cwd: '/' });
server.unref();
try {
  process.stdout.write(`server flags: ${nodeFlags.join(' ') || '(none)'}${args.includes('--no-env') ? ', without SERVER_ENV' : ''}\n`);
  await waitFor('the server socket', async () => request('server-info', {}).then(() => true, () => false), 60_000);
  const pid = server.pid;
  if (pid === undefined) throw new Error("the server did not start");
  await report('empty server', pid);
  const idle = await openPanes(IDLE_PANES, 0);
  await sleep(SETTLE_MS);
  const idleRss = await report(`${IDLE_PANES} idle ${COLS}x${ROWS} shells`, pid);
  if (snapshotDir !== undefined) {
    process.kill(pid, 'SIGUSR2');
    await waitFor('the heap snapshot', async () => fs.readdirSync(snapshotDir).some((name) => name.endsWith('.heapsnapshot')));
    await sleep(5000);
  }
  // Closing a pane makes the server collect garbage (memoryRelease.ts): what the idle panes need.
  const [probe] = await openPanes(1, 100);
  await request('kill-pane', { pane: String(probe) });
  await sleep(SETTLE_MS);
  await report(`the same after a collection`, pid);
  const windows = [];
  for (let i = 0; i < idleWindows; i++) {
    const cpuStart = cpuTimeMs(pid);
    await sleep(idleSeconds * 1000);
    windows.push(`${(cpuTimeMs(pid) - cpuStart).toFixed(0)} ms`);
  }
  process.stdout.write(`idle CPU per ${idleSeconds} s: ${windows.join(', ')}\n`);
  if (!args.includes('--idle-only')) await filledPhases(pid, idle, idleRss);
} finally {
  await request('kill-server', {}).catch(() => undefined);
  await waitFor('the server to exit', async () => !fs.existsSync(`/proc/${server.pid}`) || /\) Z /.test(fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8')), 30_000).catch(() => {
    if (server.pid !== undefined) process.kill(server.pid, 'SIGKILL');
  });
  fs.rmSync(root, { recursive: true, force: true });
}

/** Fills the idle panes' histories, opens more filled panes, then closes them all. */
/** @param {number} pid @param {number[]} idle @param {number} idleRss */
async function filledPhases(pid, idle, idleRss) {
  await fill(idle);
  await sleep(SETTLE_MS);
  const filledRss = await report(`${IDLE_PANES} panes, full history`, pid);
  const capture = await request('capture-pane', { pane: String(idle[0]), start: '-', ansi: true });
  const captureBytes = Buffer.byteLength(capture);
  process.stdout.write(
    `per filled pane: ${mb((filledRss - idleRss) / IDLE_PANES)} more RSS; its history as text plus SGR (capture-pane -S - --ansi): ${mb(captureBytes)}\n`,
  );
  const more = await openPanes(MANY_PANES - IDLE_PANES, IDLE_PANES);
  await fill(more);
  await sleep(SETTLE_MS);
  await report(`${MANY_PANES} panes, full history`, pid);
  for (const id of [...idle, ...more]) await request('kill-pane', { pane: String(id) });
  await sleep(SETTLE_MS * 2);
  await report(`all ${MANY_PANES} panes closed`, pid);
  if (args.includes('--smaps')) process.stdout.write(largestMappings(pid));
}

/** The largest resident mappings of a process (with --smaps): where memory that was not given back sits. */
/** @param {number} pid */
function largestMappings(pid) {
  /** @type {{ name: string, size: number, rss: number }[]} */
  const mappings = [];
  /** @type {{ name: string, size: number, rss: number } | undefined} */
  let current;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { name: head[3] || '(anonymous)', size: parseInt(head[2], 16) - parseInt(head[1], 16), rss: 0 };
      mappings.push(current);
    } else if (current && line.startsWith('Rss:')) current.rss = Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
  }
  mappings.sort((a, b) => b.rss - a.rss);
  return mappings
    .slice(0, 12)
    .map((m) => `  ${mb(m.rss).padStart(9)} resident of ${mb(m.size).padStart(9)}  ${m.name}\n`)
    .join('');
}
