// Shared by throughput and floods: panes `cat` files at one instant; time until every file's
// last line (its sentinel) shows on the outer terminal, and the bytes written meanwhile.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildColoredText } from '../lib/colored-text.js';
import { totalCpuTimeMs } from '../lib/proc.js';
import { openSession } from '../lib/session.js';
import { createGate, gatedCommand, releaseWhenReady } from '../lib/start-gate.js';
import { shellQuote } from '../lib/shell-quote.js';

/**
 * @typedef {object} CatFile
 * @property {string} path
 * @property {string} sentinel  the file's last line, found nowhere else
 */

/**
 * Writes the colored text files the panes will `cat`.
 * @param {string} dir
 * @param {{ name: string, bytes: number, seed: number }[]} specs
 * @returns {CatFile[]}
 */
export function writeCatFiles(dir, specs) {
  return specs.map(({ name, bytes, seed }) => {
    const sentinel = `TESSERA-BENCH-END-OF-${name.toUpperCase()}`;
    const path = join(dir, `${name}.txt`);
    writeFileSync(path, buildColoredText({ bytes, seed, sentinel }));
    return { path, sentinel };
  });
}

/**
 * One pane per file; all start their `cat` together. Besides the time: the CPU of the
 * multiplexer's processes (server and client) meanwhile, and the server's event-loop delay when
 * the multiplexer can measure it (tessera; its window also holds the moments before the release
 * and until the answer, which lowers p50 a little).
 * @param {import('../lib/session.js').SessionContext & { deadlineMs: number }} context
 * @param {readonly CatFile[]} files
 * @returns {Promise<{ time: number, outerBytes: number, longestGap: number, cpu: number, loopP50?: number, loopP99?: number }>}
 */
export async function timeCats(context, files) {
  const { benchEnv, driver } = context;
  const { server, outer, panes, serverPid } = await openSession(context, files.length);
  const muxPids = [serverPid, outer.pid];
  /** @type {string[]} */
  const gates = [];
  for (const [index, file] of files.entries()) {
    const gate = await createGate(benchEnv.files, benchEnv.uniqueName('cat'));
    gates.push(gate);
    await server.sendText(panes[index].id, `${gatedCommand(gate, `cat ${shellQuote(file.path)}`)}\r`);
  }
  // The longest stretch without a byte to the outer terminal: how long the flood looked frozen.
  let lastUpdate = Number.NaN;
  let longestGap = 0;
  const stopWatching = outer.onRaw((_chunk, at) => {
    if (!Number.isNaN(lastUpdate)) longestGap = Math.max(longestGap, at - lastUpdate);
    lastUpdate = at;
  });
  try {
    await server.startLoopDelay?.();
    const startedAt = await releaseWhenReady(gates);
    const cpuAtStart = totalCpuTimeMs(muxPids);
    lastUpdate = startedAt;
    longestGap = 0;
    const bytesAtStart = outer.bytes;
    const shownAt = await outer.waitForScreen(
      (lines) => files.every((file) => lines.some((line) => line.includes(file.sentinel))),
      { timeoutMs: context.deadlineMs, what: `${driver.name}: the last line of every file` },
    );
    const cpu = totalCpuTimeMs(muxPids) - cpuAtStart;
    const result = { time: shownAt - startedAt, outerBytes: outer.bytes - bytesAtStart, longestGap, cpu };
    const loop = await server.takeLoopDelay?.();
    return loop ? { ...result, loopP50: loop.p50Ms, loopP99: loop.p99Ms } : result;
  } finally {
    stopWatching();
  }
}
