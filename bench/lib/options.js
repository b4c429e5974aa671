// The command line of bench/run.js.

import { parseArgs } from 'node:util';

export const USAGE = `usage: node bench/run.js [options]      (or: npm run bench -- [options])

  --quick            one repetition and smaller loads: checks the harness, not for conclusions
  --only NAME[,…]    run only these scenarios (repeatable): %SCENARIOS%
  --only-tmux        measure tmux alone (while tessera cannot run yet)
  --reps N           repetitions of every scenario, overriding the plan
  --keep-temp        keep the sandbox (sockets, server logs, generated files) and print its path
  --help             this text`;

/** A command line the benchmark cannot run; the message says what to change. */
export class UsageError extends Error {}

/**
 * @typedef {object} Options
 * @property {boolean} quick
 * @property {string[] | null} only  scenario names, or null for all
 * @property {boolean} onlyTmux
 * @property {number | null} reps
 * @property {boolean} keepTemp
 * @property {boolean} help
 */

/**
 * @param {readonly string[]} argv  the arguments after the script
 * @param {readonly string[]} scenarioNames
 * @returns {Options}
 */
export function parseOptions(argv, scenarioNames) {
  const values = readArgs(argv);
  const only = values.only === undefined ? null : values.only.flatMap((list) => list.split(',')).filter((name) => name !== '');
  for (const name of only ?? []) {
    if (!scenarioNames.includes(name)) {
      throw new UsageError(`there is no scenario "${name}"; the scenarios are: ${scenarioNames.join(', ')}`);
    }
  }
  let reps = null;
  if (values.reps !== undefined) {
    reps = Number(values.reps);
    if (!Number.isInteger(reps) || reps < 1) throw new UsageError(`--reps wants a whole number of at least 1, not "${values.reps}"`);
  }
  return {
    quick: values.quick === true,
    only,
    onlyTmux: values['only-tmux'] === true,
    reps,
    keepTemp: values['keep-temp'] === true,
    help: values.help === true,
  };
}

/** @param {readonly string[]} argv */
function readArgs(argv) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        quick: { type: 'boolean' },
        only: { type: 'string', multiple: true },
        'only-tmux': { type: 'boolean' },
        reps: { type: 'string' },
        'keep-temp': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
