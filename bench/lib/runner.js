// Runs a scenario's repetitions, alternating the multiplexers (A B A B …), each run inside a
// deadline and a scope that stops everything it started.

import { TimeoutError, withDeadline } from './deadline.js';
import { Scope } from './scope.js';
import { formatValue } from './format.js';

/** @typedef {import('./report.js').RunResult} RunResult */
/** @typedef {import('../drivers/driver.js').Driver} Driver */
/** @typedef {import('../scenarios/scenario.js').Scenario<any, any>} Scenario */

/** Scopes of the runs in progress, so an interrupted benchmark can still stop their servers. */
export const activeScopes = new Set();

/**
 * Every repetition of `scenario` for every driver, alternating drivers within each repetition.
 * After a timeout, a driver's remaining repetitions of this scenario are skipped (keeps the
 * whole benchmark within its time).
 * @param {Scenario} scenario
 * @param {readonly Driver[]} drivers
 * @param {{ benchEnv: import('./bench-env.js').BenchEnvironment, plan: { reps: number, deadlineMs: number }, fixture: unknown }} setup
 * @returns {Promise<Map<string, RunResult[]>>} runs per driver name
 */
export async function runRepetitions(scenario, drivers, setup) {
  /** @type {Map<string, RunResult[]>} */
  const runs = new Map(drivers.map((driver) => [driver.name, []]));
  for (let rep = 1; rep <= setup.plan.reps; rep += 1) {
    for (const driver of drivers) {
      const results = /** @type {RunResult[]} */ (runs.get(driver.name));
      const timedOut = results.some((result) => 'failure' in result && result.failure === 'timeout');
      const startedAt = performance.now();
      const result = timedOut
        ? { failure: /** @type {const} */ ('skipped'), message: 'an earlier repetition timed out' }
        : await runOnce(scenario, driver, setup);
      results.push(result);
      const took = ((performance.now() - startedAt) / 1000).toFixed(1);
      process.stderr.write(`  ${scenario.name} ${rep}/${setup.plan.reps} ${driver.name.padEnd(7)} ${describe(scenario, result)}  [${took} s]\n`);
    }
  }
  return runs;
}

/**
 * One measured run; never throws: a failure becomes the run's result.
 * @param {Scenario} scenario
 * @param {Driver} driver
 * @param {{ benchEnv: import('./bench-env.js').BenchEnvironment, plan: { reps: number, deadlineMs: number }, fixture: unknown }} setup
 * @returns {Promise<RunResult>}
 */
export async function runOnce(scenario, driver, { benchEnv, plan, fixture }) {
  const scope = new Scope();
  activeScopes.add(scope);
  try {
    const values = await withDeadline(
      scenario.run({ driver, benchEnv, scope, plan, fixture }),
      plan.deadlineMs,
      `${scenario.name} with ${driver.name}`,
    );
    return { values };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { failure: error instanceof TimeoutError ? 'timeout' : 'error', message };
  } finally {
    await scope.dispose();
    activeScopes.delete(scope);
  }
}

/**
 * A one-line progress report of a run.
 * @param {Scenario} scenario
 * @param {RunResult} result
 */
function describe(scenario, result) {
  if ('failure' in result) return `${result.failure}: ${result.message}`;
  return scenario.figures
    .map((figure) => `${figure.key} ${formatValue(result.values[figure.key], figure.unit)}`)
    .join(' · ');
}
