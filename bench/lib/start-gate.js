// Start gates: pane commands wait on a FIFO, and the harness releases them all at one instant.
//
// A pane runs `cat GATE >/dev/null; WORK`. `cat` blocks opening the FIFO until a writer opens it,
// and reads until the writer closes it. Opening for writing without blocking succeeds only once
// a reader is waiting, which tells the harness the pane is ready; closing starts the work.

import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { GATE_POLL_MS, GATE_READY_TIMEOUT_MS } from '../settings.js';
import { runCommand } from './exec.js';
import { pollUntil } from './deadline.js';
import { shellQuote } from './shell-quote.js';

/**
 * Makes a FIFO for a gate in `dir`.
 * @param {string} dir
 * @param {string} name
 * @returns {Promise<string>} the FIFO's path
 */
export async function createGate(dir, name) {
  const path = join(dir, `${name}.gate`);
  await runCommand('mkfifo', ['-m', '600', path]);
  return path;
}

/**
 * Shell text that waits at `gate` before running `command`.
 * @param {string} gate
 * @param {string} command
 * @returns {string}
 */
export function gatedCommand(gate, command) {
  return `cat ${shellQuote(gate)} >/dev/null; ${command}`;
}

/**
 * Waits until every gate has a reader, then releases them together.
 * @param {readonly string[]} gates
 * @returns {Promise<number>} the instant of release (performance.now())
 */
export async function releaseWhenReady(gates) {
  /** @type {number[]} */
  const held = [];
  try {
    for (const gate of gates) {
      held.push(
        await pollUntil(() => openIfReaderWaits(gate), {
          timeoutMs: GATE_READY_TIMEOUT_MS,
          intervalMs: GATE_POLL_MS,
          what: `a command waiting at ${gate}`,
        }),
      );
    }
  } catch (error) {
    for (const fd of held) closeSync(fd);
    throw error;
  }
  const releasedAt = performance.now();
  for (const fd of held) closeSync(fd);
  return releasedAt;
}

/**
 * @param {string} gate
 * @returns {number | undefined} a write descriptor, or undefined while nobody reads the FIFO
 */
function openIfReaderWaits(gate) {
  try {
    return openSync(gate, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENXIO') return undefined;
    throw error;
  }
}
