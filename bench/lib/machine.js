// What the numbers were measured on: they mean little without it.

import { spawn } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { BUSY_LOAD_AVERAGE, NODE_START_SAMPLES } from '../settings.js';
import { median } from './stats.js';

/**
 * @typedef {object} Machine
 * @property {string} cpuModel
 * @property {number} cores
 * @property {number} memoryBytes
 * @property {string} os
 * @property {string} node
 * @property {string} tmux  `tmux -V`, or "" when not measured
 * @property {string} tessera  package version and commit, or "" when not measured
 * @property {number | null} nodeStartMs  median time of a bare `node -e 0`
 * @property {number} loadAverage  1-minute load average when the run started
 */

/**
 * @param {{ tmux: string, tessera: string, nodeStartMs: number | null }} measured
 * @returns {Machine}
 */
export function describeMachine({ tmux, tessera, nodeStartMs }) {
  const processors = cpus();
  return {
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
    os: `${type()} ${release()}`,
    node: process.version,
    tmux,
    tessera,
    nodeStartMs,
    loadAverage: loadavg()[0],
  };
}

/**
 * Median wall time of starting and exiting `node -e 0`: the floor under any Node client's attach.
 * @returns {Promise<number | null>}
 */
export async function measureNodeStart() {
  /** @type {number[]} */
  const samples = [];
  for (let index = 0; index < NODE_START_SAMPLES; index += 1) {
    const startedAt = performance.now();
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      child.on('exit', resolve);
      child.on('error', () => resolve(-1));
    });
    if (code === 0) samples.push(performance.now() - startedAt);
  }
  return median(samples);
}

/**
 * The machine as the report's first lines show it.
 * @param {Machine} machine
 * @returns {string}
 */
export function formatMachine(machine) {
  const gib = (machine.memoryBytes / 2 ** 30).toFixed(1);
  const busy =
    machine.loadAverage > BUSY_LOAD_AVERAGE
      ? [`warning: load average ${machine.loadAverage.toFixed(2)} at start: other work competes for the CPU, figures will be noisy`]
      : [];
  return [
    `machine: ${machine.cpuModel}, ${machine.cores} cores, ${gib} GiB, ${machine.os}, load ${machine.loadAverage.toFixed(2)}`,
    `node ${machine.node} (node -e 0: ${machine.nodeStartMs === null ? '?' : `${machine.nodeStartMs.toFixed(0)} ms`}) · ${machine.tmux || 'tmux not measured'} · tessera ${machine.tessera || 'not measured'}`,
    ...busy,
  ].join('\n');
}
