// A benchmark session: a private server with N shell panes in a grid, attached in the outer terminal.

import {
  ATTACH_TIMEOUT_MS,
  ATTACHED_MIN_PANE_COLS,
  BENCH_PROMPT,
  CONTROL_POLL_MS,
  PROMPTS_TIMEOUT_MS,
} from '../settings.js';
import { pollUntil } from './deadline.js';
import { OuterTerminal } from './outer-terminal.js';
import { choosePaneToSplit } from './pane-layout.js';

/** @typedef {import('../drivers/driver.js').Driver} Driver */
/** @typedef {import('../drivers/driver.js').Server} Server */
/** @typedef {import('../drivers/driver.js').Pane} Pane */
/** @typedef {import('../drivers/driver.js').Launch} Launch */
/** @typedef {import('./bench-env.js').BenchEnvironment} BenchEnvironment */
/** @typedef {import('./scope.js').Scope} Scope */

/**
 * @typedef {object} SessionContext
 * @property {Driver} driver
 * @property {BenchEnvironment} benchEnv
 * @property {Scope} scope
 */

/**
 * Starts a server, attaches the outer terminal, splits until there are `paneCount` shell panes
 * and waits until every prompt shows.
 * @param {SessionContext} context
 * @param {number} paneCount
 * @param {{ bytesPerSecond: number, inFlightBytes: number }} [line]  the outer terminal's output comes through this thin line
 * @returns {Promise<{ server: Server, outer: OuterTerminal, panes: Pane[], serverPid: number }>}
 */
export async function openSession({ driver, benchEnv, scope }, paneCount, line) {
  const server = startServer(driver, benchEnv, scope);
  await server.createSession();
  const serverPid = await server.serverPid();
  const outer = launchOuter(server.attachCommand(), benchEnv, scope, line);
  await pollUntil(
    async () => ((await server.listPanes()).some((pane) => pane.cols >= ATTACHED_MIN_PANE_COLS) ? true : undefined),
    { timeoutMs: ATTACH_TIMEOUT_MS, intervalMs: CONTROL_POLL_MS, what: `${driver.name}: a pane sized to the attached 200-column client` },
  );
  for (let count = 1; count < paneCount; count += 1) {
    const { id, direction } = choosePaneToSplit(await server.listPanes());
    await server.split(id, direction);
  }
  await outer.waitForScreen((lines) => countPrompts(lines) >= paneCount, {
    timeoutMs: PROMPTS_TIMEOUT_MS,
    what: `${driver.name}: ${paneCount} shell prompt(s)`,
  });
  return { server, outer, panes: await server.listPanes(), serverPid };
}

/**
 * A new server of `driver` that `scope` kills at its end.
 * @param {Driver} driver
 * @param {BenchEnvironment} benchEnv
 * @param {Scope} scope
 * @returns {Server}
 */
export function startServer(driver, benchEnv, scope) {
  const server = driver.newServer(benchEnv);
  scope.defer(() => server.kill());
  return server;
}

/**
 * An outer terminal running `launch`, closed when `scope` ends.
 * @param {Launch} launch
 * @param {BenchEnvironment} benchEnv
 * @param {Scope} scope
 * @param {{ bytesPerSecond: number, inFlightBytes: number }} [line]  through a thin line
 * @returns {OuterTerminal}
 */
export function launchOuter(launch, benchEnv, scope, line) {
  const outer = new OuterTerminal({ ...launch, cwd: benchEnv.work }, line);
  scope.defer(() => outer.dispose());
  return outer;
}

/**
 * How many benchmark prompts the screen shows.
 * @param {readonly string[]} lines
 * @returns {number}
 */
export function countPrompts(lines) {
  const prompt = BENCH_PROMPT.trimEnd();
  return lines.reduce((count, line) => count + line.split(prompt).length - 1, 0);
}
