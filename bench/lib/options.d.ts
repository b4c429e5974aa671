// Generated from options.js by `node bench/tools/emit-types.js`; do not edit.
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
export function parseOptions(argv: readonly string[], scenarioNames: readonly string[]): Options;
export const USAGE: "usage: node bench/run.js [options]      (or: npm run bench -- [options])\n\n  --quick            one repetition and smaller loads: checks the harness, not for conclusions\n  --only NAME[,\u2026]    run only these scenarios (repeatable): %SCENARIOS%\n  --only-tmux        measure tmux alone (while tessera cannot run yet)\n  --reps N           repetitions of every scenario, overriding the plan\n  --keep-temp        keep the sandbox (sockets, server logs, generated files) and print its path\n  --help             this text";
/** A command line the benchmark cannot run; the message says what to change. */
export class UsageError extends Error {
}
export type Options = {
    quick: boolean;
    /**
     * scenario names, or null for all
     */
    only: string[] | null;
    onlyTmux: boolean;
    reps: number | null;
    keepTemp: boolean;
    help: boolean;
};
