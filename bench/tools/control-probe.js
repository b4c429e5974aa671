#!/usr/bin/env node
// How fast a server answers a control command at its socket, without the cost of starting a
// command line program: asks `list-panes` every INTERVAL ms until stdin closes, then prints
// {"answers":N,"slowestMs":…,"medianMs":…,"unanswered":0|1} on stdout.
//   tessera: node bench/tools/control-probe.js INTERVAL tessera SOCKET_PATH
//            (a new connection per request, as every `tessera list-panes` makes)
//   tmux:    node bench/tools/control-probe.js INTERVAL tmux TMUX_ARGS… (e.g. -L name -f conf)
//            (`tmux list-panes`, whose own start costs a few ms: tmux's control mode would make
//            the server send the probe every byte the panes print)
// A separate process, so the harness's own work (parsing the outer screen) is not in the figure.

import { execFile } from 'node:child_process';
import { controlRequest } from '../lib/control-request.js';

/** A request unanswered this long means the server froze (the paste scenario's PASTE_CONTROL_TIMEOUT_MS). */
const NO_ANSWER_MS = 5_000;
const [intervalArg, kind, ...rest] = process.argv.slice(2);
const interval = Number(intervalArg);
/** @type {number[]} */
const times = [];
let stopping = false;
let unanswered = 0;

/** @returns {() => Promise<void>} one list-panes request, resolved when answered */
function tesseraAsker() {
  const socketPath = rest[0];
  return () => controlRequest(socketPath, 'list-panes', {}, '/').then(() => undefined);
}

/** @returns {() => Promise<void>} one `tmux list-panes` (a C program: it starts in a few ms) */
function tmuxAsker() {
  return () =>
    new Promise((resolve) => {
      execFile('tmux', [...rest, 'list-panes', '-a'], () => resolve());
    });
}

const ask = kind === 'tmux' ? tmuxAsker() : tesseraAsker();
process.stdin.resume();
process.stdin.on('end', () => {
  stopping = true; // the harness is done: finish the request under way, then report
});

while (!stopping) {
  const sentAt = performance.now();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const expired = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), NO_ANSWER_MS);
  });
  const answered = await Promise.race([ask().then(() => true), expired]);
  clearTimeout(timer);
  if (!answered) {
    unanswered = 1;
    times.push(performance.now() - sentAt);
    break;
  }
  times.push(performance.now() - sentAt);
  await new Promise((resolve) => setTimeout(resolve, interval));
}
const sorted = [...times].sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ answers: times.length - unanswered, slowestMs: sorted.at(-1) ?? null, medianMs: sorted[sorted.length >> 1] ?? null, unanswered })}\n`);
process.exit(0);

