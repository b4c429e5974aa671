#!/usr/bin/env node
// How far `tessera events` falls behind the server with many agent-like panes changing state: 8
// workspaces of 4 panes (32), each running a custom agent that goes between working and idle every
// 1–3 s. A reader runs `tessera events --json` through a pipe, as a script would, and measures for each
// event the time from the server stamping it to the reader having its line (same machine, same clock).
// Prints the figures as JSON and checks the budget of issue 22 (never more than 100 ms behind).
//   npm run build && node bench/tools/event-lag.js [SECONDS]     (default 30)
// Needs bash. Not a test: it measures, on whatever load the machine has.

import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_MS = 100;
const WORKSPACES = 8;
const PANES_PER_WORKSPACE = 4;
const seconds = Number(process.argv[2] ?? 30);
const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/tessera.js');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-event-lag-'));
const agent = path.join(root, 'agent.sh');
// Working (a status line) for 1–3 s, then back at its prompt for 1–3 s, for ever.
fs.writeFileSync(
  agent,
  `#!/bin/bash
while true; do
  printf 'Working on: step %s\\n' "$RANDOM"
  sleep "$((RANDOM % 3 + 1))"
  printf 'lag> '
  sleep "$((RANDOM % 3 + 1))"
  printf '\\n'
done
`,
  { mode: 0o755 },
);
/** @type {Record<string, string>} */
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: root,
  SHELL: '/bin/bash',
  TERM: 'xterm-256color',
  LANG: 'C.UTF-8',
  TESSERA_TMPDIR: path.join(root, 'run'),
  TESSERA_CONFIG_DIR: path.join(root, 'config'),
  TESSERA_STATE_DIR: path.join(root, 'state'),
  TESSERA_WORKSPACE_ROOT: path.join(root, 'workspaces'),
};
fs.mkdirSync(env.TESSERA_CONFIG_DIR, { recursive: true });
fs.writeFileSync(
  path.join(env.TESSERA_CONFIG_DIR, 'config.json'),
  JSON.stringify({
    notify: 'none',
    customAgents: [{ name: 'lagger', command: agent, detection: { idle: ['^lag> '], running: ['^Working on: '], approval: ['^Allow\\?'] }, approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' } }],
  }),
);

/** @param {string[]} args */
const tessera = (args) => execFileSync(process.execPath, [bin, '-L', 'lag', ...args], { env, cwd: root, encoding: 'utf8' });

/** @type {number[]} */
const lags = [];
let stateChanges = 0;
try {
  for (let w = 0; w < WORKSPACES; w++) {
    // Four agents in a 2x2 grid of a detached (80x24) workspace; a command that is the custom agent's makes an agent pane.
    tessera(['new', '-d', '-s', `w${w}`, '--', agent]);
    const first = tessera(['list-panes', '-t', `w${w}`, '--json']);
    const firstId = String(/** @type {{ id: number }[]} */ (JSON.parse(first))[0].id);
    const right = tessera(['split', '-t', firstId, '--right', '-d', '--', agent]).trim();
    tessera(['split', '-t', firstId, '--down', '-d', '--', agent]);
    tessera(['split', '-t', right, '--down', '-d', '--', agent]);
  }
  const reader = spawn(process.execPath, [bin, '-L', 'lag', 'events', '--json'], { env, cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let partial = '';
  reader.stdout.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
    const now = Date.now();
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const event = /** @type {{ kind: string; time: string }} */ (JSON.parse(line));
      lags.push(now - Date.parse(event.time));
      if (event.kind === 'state-changed') stateChanges += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  reader.kill('SIGTERM');
} finally {
  try {
    tessera(['kill-server']);
  } catch {
    // already stopped
  }
  fs.rmSync(root, { recursive: true, force: true });
}

const sorted = [...lags].sort((a, b) => a - b);
/** @param {number} q */
const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const maxMs = sorted.at(-1) ?? 0;
const report = {
  panes: WORKSPACES * PANES_PER_WORKSPACE,
  seconds,
  events: lags.length,
  stateChanges,
  lagMs: { p50: quantile(0.5), p99: quantile(0.99), max: maxMs },
  budgetMs: BUDGET_MS,
  withinBudget: maxMs <= BUDGET_MS,
  loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
