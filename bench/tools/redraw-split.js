#!/usr/bin/env node
// Where the CPU of the `redraws` scenario goes: four agent-like TUIs at 30 fps in a 2×2 tessera
// session, the server's CPU (main thread and V8's worker threads apart) and the client's, over
// the same 5 s window, first attached and then with the client gone (parsing alone, no frames).
//
//   node bench/tools/redraw-split.js [--seconds S] [--warmup W] [--reps N] [--attached-only]
//
// --warmup W lets the TUIs run W seconds before the window opens (V8 compiles the hot code then).

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tesseraDriver } from '../drivers/tessera.js';
import { BenchEnvironment } from '../lib/bench-env.js';
import { sleep } from '../lib/deadline.js';
import { cpuTimeMs } from '../lib/proc.js';
import { Scope } from '../lib/scope.js';
import { openSession } from '../lib/session.js';
import { shellQuote } from '../lib/shell-quote.js';
import { createGate, releaseWhenReady } from '../lib/start-gate.js';

const AGENT_TUI = fileURLToPath(new URL('../workloads/agent-tui.js', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, reps: { type: 'string', default: '2' }, warmup: { type: 'string', default: '0' }, 'attached-only': { type: 'boolean', default: false } } });
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);

/**
 * CPU ms of the process's main thread and of its other threads, from /proc (clock ticks of 10 ms).
 * @param {number} pid
 */
function threadCpu(pid) {
  let main = 0;
  let others = 0;
  let system = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    if (Number(tid) === pid) {
      main += ms;
      system += Number(fields[12]) * 10;
    }
    else others += ms;
  }
  return { main, others, system };
}

/** @param {boolean} attached */
async function measure(attached) {
  const benchEnv = new BenchEnvironment();
  const scope = new Scope();
  try {
    const { server, outer, panes, serverPid } = await openSession({ driver: tesseraDriver, benchEnv, scope }, 4);
    /** @type {string[]} */
    const gates = [];
    for (const [index, pane] of panes.entries()) {
      const gate = await createGate(benchEnv.files, benchEnv.uniqueName('tui'));
      gates.push(gate);
      const args = ['--pane', String(index), '--seconds', String(warmup + seconds + 3), '--gate', gate];
      await server.sendText(pane.id, `${[process.execPath, AGENT_TUI, ...args].map(shellQuote).join(' ')}\r`);
    }
    const clientPid = outer.pid;
    if (!attached) {
      outer.dispose();
      await sleep(500);
    }
    await releaseWhenReady(gates);
    await sleep(warmup * 1000);
    const before = threadCpu(serverPid);
    const clientBefore = attached ? cpuTimeMs(clientPid) : 0;
    await sleep(seconds * 1000);
    const after = threadCpu(serverPid);
    const client = attached ? cpuTimeMs(clientPid) - clientBefore : 0;
    const pct = (/** @type {number} */ ms) => `${((ms / (seconds * 1000)) * 100).toFixed(1)} %`;
    console.log(`${attached ? 'attached' : 'detached'}: server main ${pct(after.main - before.main)} (system ${pct(after.system - before.system)}), server other threads ${pct(after.others - before.others)}, client ${pct(client)}`);
  } finally {
    await scope.dispose();
    benchEnv.dispose();
  }
}

for (let rep = 0; rep < Number(values.reps); rep++) {
  await measure(true);
  if (!values['attached-only']) await measure(false);
}
