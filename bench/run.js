#!/usr/bin/env node
// `npm run bench`: every scenario for tessera and for tmux in one run, side by side. Prints a
// table per scenario and writes the same to bench/results/latest.json. Budget misses are
// reported, never turned into a failing exit code.

import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FULL_PLAN, QUICK_PLAN } from './settings.js';
import { SCENARIOS } from './scenarios/index.js';
import { tesseraDriver } from './drivers/tessera.js';
import { tmuxDriver } from './drivers/tmux.js';
import { BenchEnvironment } from './lib/bench-env.js';
import { describeMachine, formatMachine, measureNodeStart } from './lib/machine.js';
import { parseOptions, USAGE, UsageError } from './lib/options.js';
import { renderScenario, summarizeScenario } from './lib/report.js';
import { activeScopes, runRepetitions } from './lib/runner.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const RESULTS_FILE = `${RESULTS_DIR}latest.json`;
const SCENARIO_NAMES = SCENARIOS.map((scenario) => scenario.name);

/** @returns {import('./lib/options.js').Options} */
function readOptions() {
  try {
    return parseOptions(process.argv.slice(2), SCENARIO_NAMES);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench: ${error.message}\n\n${usage()}\n`);
    process.exit(2);
  }
}

function usage() {
  return USAGE.replace('%SCENARIOS%', SCENARIO_NAMES.join(', '));
}

/**
 * Stops every server still running, removes the sandbox (unless asked to keep it) and exits.
 * @param {BenchEnvironment} benchEnv
 * @param {{ keepTemp: boolean }} options
 * @param {number} code
 * @returns {Promise<never>}
 */
async function stop(benchEnv, { keepTemp }, code) {
  for (const scope of activeScopes) await scope.dispose();
  if (keepTemp) process.stderr.write(`kept the sandbox: ${benchEnv.root}\n`);
  else benchEnv.dispose();
  process.exit(code);
}

async function main() {
  const options = readOptions();
  if (options.help) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const startedAt = new Date();
  const benchEnv = new BenchEnvironment();
  process.on('SIGINT', () => void stop(benchEnv, options, 130));
  process.on('SIGTERM', () => void stop(benchEnv, options, 143));

  const tmux = await tmuxDriver.check(benchEnv);
  if (!tmux.ok) {
    process.stderr.write(`bench: ${tmux.problem}\n`);
    await stop(benchEnv, options, 1);
  }
  let tesseraVersion = '';
  const drivers = [tmuxDriver];
  if (!options.onlyTmux) {
    const tessera = await tesseraDriver.check(benchEnv);
    if (!tessera.ok) {
      process.stderr.write(`bench: tessera cannot be benchmarked yet.\n${tessera.problem}\n`);
      await stop(benchEnv, options, 1);
    }
    tesseraVersion = tessera.version;
    drivers.unshift(tesseraDriver);
  }

  const machine = describeMachine({ tmux: tmux.version, tessera: tesseraVersion, nodeStartMs: await measureNodeStart() });
  process.stdout.write(`${formatMachine(machine)}\n${options.quick ? 'quick run: one repetition, smaller loads\n' : ''}\n`);

  const plans = options.quick ? QUICK_PLAN : FULL_PLAN;
  const selected = SCENARIOS.filter((scenario) => options.only === null || options.only.includes(scenario.name));
  const scenarios = [];
  for (const scenario of selected) {
    const planned = plans[/** @type {keyof typeof plans} */ (scenario.name)];
    const plan = { ...planned, reps: options.reps ?? planned.reps };
    const title = scenario.title(plan);
    process.stderr.write(`▸ ${scenario.name}: ${title}\n`);
    const fixture = await scenario.prepare?.({ benchEnv, plan });
    const runs = await runRepetitions(scenario, drivers, { benchEnv, plan, fixture });
    const summary = summarizeScenario(scenario, title, plan.reps, runs, { nodeStartMs: machine.nodeStartMs });
    scenarios.push({ ...summary, plan });
    process.stdout.write(`\n${renderScenario(summary)}\n`);
  }

  const finishedAt = new Date();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results = {
    schema: 1,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    options,
    machine,
    scenarios,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\nwrote ${RESULTS_FILE} (${(results.durationMs / 1000).toFixed(0)} s)\n`);
  await stop(benchEnv, options, 0);
}

await main();
