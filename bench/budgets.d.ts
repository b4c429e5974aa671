// Generated from budgets.js by `node bench/tools/emit-types.js`; do not edit.
/**
 * @param {string} scenario
 * @param {string} figure
 * @returns {Budget | undefined}
 */
export function budgetFor(scenario: string, figure: string): Budget | undefined;
/**
 * The verdict of the table's last column.
 * - "pass" / "FAIL" when the budget was judged,
 * - "n/a" when a budget exists but a median it needs is missing (or the budget is only stated),
 * - "" when the figure has no budget.
 * @param {Budget | undefined} budget
 * @param {number | null} tessera  tessera's median
 * @param {number | null} tmux  tmux's median
 * @param {BudgetReference} reference
 * @returns {'pass' | 'FAIL' | 'n/a' | ''}
 */
export function verdict(budget: Budget | undefined, tessera: number | null, tmux: number | null, reference: BudgetReference): "pass" | "FAIL" | "n/a" | "";
/**
 * @typedef {object} BudgetReference
 * @property {number | null} nodeStartMs  how long a bare `node -e 0` takes on this machine
 */
/**
 * @typedef {object} Budget
 * @property {string} scenario
 * @property {string} figure
 * @property {string} text  the budget as the table shows it
 * @property {(tessera: number, tmux: number | null, reference: BudgetReference) => boolean | null} meets
 *   null when the budget cannot be judged from what was measured
 */
/** tessera may write at most this fraction of tmux's bytes for a big `cat` ("a small fraction"). */
export const OUTER_BYTES_FRACTION: 0.25;
/** Idle CPU of all tessera processes over the 10 s idle window that still counts as "~0". */
export const IDLE_CPU_MS: 20;
/** How much longer than a bare `node -e 0` attaching may take (DESIGN.md §7, issue 9). */
export const ATTACH_OVER_NODE_MS: 30;
/** How much longer than a bare `node -e 0` a cold start (server, workspace, attach) may take (issue 9). */
export const COLD_START_OVER_NODE_MS: 300;
/** How much longer than a bare `node -e 0` a control command may take. */
export const CONTROL_OVER_NODE_MS: 25;
/** A control command is answered this fast at the server's socket, even while a pane floods or takes a paste. */
export const CONTROL_AT_SERVER_MS: 100;
/** A flooding pane is drawn at least 10 times a second: no longer without a screen update. */
export const FLOOD_MAX_GAP_MS: 100;
/** tessera's CPU may be at most this many times tmux's for the same work. */
export const CPU_OVER_TMUX: 1.5;
/** The server's event loop may run at most this late (p99) while four panes flood. */
export const LOOP_DELAY_P99_MS: 20;
/** @type {readonly Budget[]} */
export const BUDGETS: readonly Budget[];
export type BudgetReference = {
    /**
     * how long a bare `node -e 0` takes on this machine
     */
    nodeStartMs: number | null;
};
export type Budget = {
    scenario: string;
    figure: string;
    /**
     * the budget as the table shows it
     */
    text: string;
    /**
     *   null when the budget cannot be judged from what was measured
     */
    meets: (tessera: number, tmux: number | null, reference: BudgetReference) => boolean | null;
};
