#!/usr/bin/env node
// The inbox's budgets (issue 22), measured from outside: 32 agent-like panes across 8 workspaces, each
// asking a y/n question, giving up on it after a few seconds, and asking again (state changes every few
// seconds, nobody answers). Then:
//   - the inbox opens in ≤ 50 ms: prefix + i typed into an attached client's outer terminal, until
//     "Inbox: N questions wait" is on its screen (then Esc, and again);
//   - `tessera approvals --json` answers in ≤ node + 25 ms: the whole command line, against a bare
//     `node -e 0` run the same number of times.
// Prints a small table and the medians as JSON. Not part of npm test (timings): node bench/tools/inbox.js [--reps N]

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchEnvironment } from '../lib/bench-env.js';
import { controlRequest } from '../lib/control-request.js';
import { runCommand } from '../lib/exec.js';
import { OuterTerminal } from '../lib/outer-terminal.js';
import { median, percentile } from '../lib/stats.js';

const TESSERA_BIN = process.env.TESSERA_BENCH_BIN ?? fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const WORKSPACES = 8;
const AGENTS_PER_WORKSPACE = 4;
const INBOX_BUDGET_MS = 50;
const APPROVALS_OVER_NODE_BUDGET_MS = 25;
const repsFlag = process.argv.indexOf('--reps');
const REPS = repsFlag > 0 ? Number(process.argv[repsFlag + 1]) : 20;

/** Asks, waits up to 3 s for an answer, then 1–3 s at its prompt, and asks again. */
const AGENT = `#!/bin/bash
n=0
while true; do
  n=$((n + 1))
  echo "Working on: task $n"
  printf 'Allow this command? touch file-%s (y/n) ' "$n"
  IFS= read -r -t 3 answer
  echo
  printf 'helper> '
  sleep "$((1 + RANDOM % 3))"
  echo
done
`;

const benchEnv = new BenchEnvironment();
const socket = benchEnv.uniqueName('inbox');
const agentBin = join(benchEnv.files, 'helper-agent');
writeFileSync(agentBin, AGENT, { mode: 0o755 });
writeFileSync(
  join(benchEnv.config, 'config.json'),
  JSON.stringify({
    customAgents: [
      {
        name: 'helper',
        command: agentBin,
        detection: { idle: ['^helper> '], running: ['^Working on: '], approval: ['^Allow this command\\? .*\\(y/n\\)'] },
        approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
      },
    ],
  }),
);
const env = { ...benchEnv.env(), TESSERA_STATE_DIR: join(benchEnv.root, 'state'), TESSERA_WORKSPACE_ROOT: join(benchEnv.root, 'workspaces') };
/** @param {string[]} args */
const tessera = (args) => runCommand(process.execPath, [TESSERA_BIN, '-L', socket, ...args], { env, cwd: benchEnv.work });

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @returns {Promise<number>} how many questions wait now */
async function waitingCount() {
  return /** @type {unknown[]} */ (JSON.parse(await tessera(['approvals', '--json']))).length;
}

/** @param {() => Promise<unknown>} run @returns {Promise<number[]>} */
async function timed(run) {
  const times = [];
  for (let i = 0; i < REPS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/** @param {number[]} times */
const figures = (times) => ({ median: median(times) ?? NaN, p90: percentile(times, 90) ?? NaN });
/** @param {number} ms */
const ms = (ms) => `${ms.toFixed(1)} ms`;

let outer;
try {
  for (let w = 0; w < WORKSPACES; w++) {
    await tessera(['new', '-d', '-s', `w${w}`, '-c', benchEnv.work]);
    for (let a = 0; a < AGENTS_PER_WORKSPACE; a++) await tessera(['new-pane', '-t', `w${w}`, '--agent', 'helper', a % 2 === 0 ? '--right' : '--down', '-d']);
  }
  // Most of them ask at any moment (3 s asking, 1–3 s at the prompt).
  const deadline = Date.now() + 60_000;
  while ((await waitingCount()) < 12) {
    if (Date.now() > deadline) throw new Error('the agents did not ask within 60 s');
    await sleep(200);
  }

  outer = new OuterTerminal({ file: process.execPath, args: [TESSERA_BIN, '-L', socket, 'attach', '-t', 'w0'], env, cwd: benchEnv.work });
  await outer.waitForScreen((lines) => lines.some((l) => l.includes('w0')), { timeoutMs: 30_000, what: 'the attached client' });
  await sleep(500);
  const shown = (/** @type {string[]} */ lines) => lines.some((l) => /Inbox: \d+ questions? wait/.test(l));
  const inbox = [];
  for (let i = 0; i < REPS; i++) {
    const typed = performance.now();
    outer.write('\x1ci');
    const at = await outer.waitForScreen(shown, { timeoutMs: 10_000, what: 'the inbox' });
    inbox.push(at - typed);
    outer.write('\x1b');
    await outer.waitForScreen((lines) => !shown(lines), { timeoutMs: 10_000, what: 'the inbox closed' });
    await sleep(100);
  }

  const questions = await waitingCount();
  const node = await timed(() => runCommand(process.execPath, ['-e', '0'], { env }));
  const approvals = await timed(() => tessera(['approvals', '--json']));
  // The same command line's cost for another command, and the server's own answer at its socket.
  const listPanes = await timed(() => tessera(['list-panes', '--json']));
  const socketPath = join(benchEnv.sockets, `tessera-${process.getuid?.() ?? 0}`, socket);
  const atSocket = await timed(() => controlRequest(socketPath, 'approvals', {}, '/'));
  const inboxFig = figures(inbox);
  const nodeFig = figures(node);
  const approvalsFig = figures(approvals);
  const over = approvalsFig.median - nodeFig.median;
  console.log(`${WORKSPACES * AGENTS_PER_WORKSPACE} agent panes in ${WORKSPACES} workspaces, ${questions} questions waiting at the end; ${REPS} repetitions each`);
  console.log(`inbox opens (prefix i → on screen): median ${ms(inboxFig.median)}, p90 ${ms(inboxFig.p90)}  budget ${INBOX_BUDGET_MS} ms: ${inboxFig.median <= INBOX_BUDGET_MS ? 'ok' : 'FAIL'}`);
  console.log(`node -e 0: median ${ms(nodeFig.median)}, p90 ${ms(nodeFig.p90)}`);
  console.log(
    `approvals --json: median ${ms(approvalsFig.median)}, p90 ${ms(approvalsFig.p90)} = node + ${ms(over)}  budget node + ${APPROVALS_OVER_NODE_BUDGET_MS} ms: ${over <= APPROVALS_OVER_NODE_BUDGET_MS ? 'ok' : 'FAIL'}`,
  );
  console.log(`list-panes --json (another command line, for comparison): median ${ms(figures(listPanes).median)}`);
  console.log(`approvals at the socket (the server's part): median ${ms(figures(atSocket).median)}, p90 ${ms(figures(atSocket).p90)}`);
  console.log(JSON.stringify({ inboxMs: inboxFig, nodeMs: nodeFig, approvalsMs: approvalsFig, listPanesMs: figures(listPanes), approvalsAtSocketMs: figures(atSocket) }));
} finally {
  outer?.dispose();
  await tessera(['kill-server']).catch(() => undefined);
  benchEnv.dispose();
}
