// The budgets tessera is held to beside tmux, as checks of tessera's median against tmux's median in the same run.

import { MANY_PANES } from './settings.js';

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
export const OUTER_BYTES_FRACTION = 0.25;
/** Idle CPU of all tessera processes over the 10 s idle window that still counts as "~0". */
export const IDLE_CPU_MS = 20;
/** How much longer than a bare `node -e 0` attaching may take (issue 9). */
export const ATTACH_OVER_NODE_MS = 30;
/** How much longer than a bare `node -e 0` a cold start (server, workspace, attach) may take (issue 9). */
export const COLD_START_OVER_NODE_MS = 300;

/** How much longer than a bare `node -e 0` a control command may take. */
export const CONTROL_OVER_NODE_MS = 25;
/** A control command is answered this fast at the server's socket, even while a pane floods or takes a paste. */
export const CONTROL_AT_SERVER_MS = 100;
/** A flooding pane is drawn at least 10 times a second: no longer without a screen update. */
export const FLOOD_MAX_GAP_MS = 100;
/** tessera's CPU may be at most this many times tmux's for the same work. */
export const CPU_OVER_TMUX = 1.5;
/** The server's event loop may run at most this late (p99) while four panes flood. */
export const LOOP_DELAY_P99_MS = 20;

/** @type {readonly Budget[]} */
export const BUDGETS = [
  {
    // Limited by the shells, not by tessera: beyond tmux's time, only each split command's own start.
    scenario: 'panes',
    figure: 'prompts',
    text: `≤ tmux + ${MANY_PANES - 1} × (node -e 0 + ${CONTROL_OVER_NODE_MS} ms)`,
    meets: (tessera, tmux, reference) =>
      tmux === null || reference.nodeStartMs === null ? null : tessera <= tmux + (MANY_PANES - 1) * (reference.nodeStartMs + CONTROL_OVER_NODE_MS),
  },
  {
    scenario: 'throughput',
    figure: 'longestGap',
    text: `≤ ${FLOOD_MAX_GAP_MS} ms (≥ 10 updates/s)`,
    meets: (tessera) => tessera <= FLOOD_MAX_GAP_MS,
  },
  {
    scenario: 'keystroke',
    figure: 'typingP50',
    text: 'within 1 ms of tmux',
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux + 1),
  },
  {
    scenario: 'control',
    figure: 'listPanes',
    text: `≤ node -e 0 + ${CONTROL_OVER_NODE_MS} ms`,
    meets: (tessera, _tmux, reference) =>
      reference.nodeStartMs === null ? null : tessera <= reference.nodeStartMs + CONTROL_OVER_NODE_MS,
  },
  {
    scenario: 'paste',
    figure: 'vimServer',
    text: `< ${CONTROL_AT_SERVER_MS} ms`,
    meets: (tessera) => tessera < CONTROL_AT_SERVER_MS,
  },
  {
    scenario: 'paste',
    figure: 'catServer',
    text: `< ${CONTROL_AT_SERVER_MS} ms`,
    meets: (tessera) => tessera < CONTROL_AT_SERVER_MS,
  },
  {
    scenario: 'throughput',
    figure: 'time',
    text: 'faster than tmux',
    meets: (tessera, tmux) => (tmux === null ? null : tessera < tmux),
  },
  {
    scenario: 'busy',
    figure: 'time',
    text: 'no later than tmux',
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux),
  },
  {
    scenario: 'busy',
    figure: 'cpu',
    text: `≤ ${CPU_OVER_TMUX}× tmux`,
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux * CPU_OVER_TMUX),
  },
  {
    scenario: 'throughput',
    figure: 'outerBytes',
    text: `≤ ${OUTER_BYTES_FRACTION * 100} % of tmux`,
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux * OUTER_BYTES_FRACTION),
  },
  {
    scenario: 'keystroke',
    figure: 'idleP50',
    text: 'within 1 ms of tmux',
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux + 1),
  },
  {
    scenario: 'keystroke',
    figure: 'idleP99',
    text: '< 5 ms',
    meets: (tessera) => tessera < 5,
  },
  {
    scenario: 'keystroke',
    figure: 'floodP99',
    text: '< 20 ms',
    meets: (tessera) => tessera < 20,
  },
  {
    scenario: 'idle',
    figure: 'cpu',
    text: `~0 (≤ ${IDLE_CPU_MS} ms in 10 s)`,
    meets: (tessera) => tessera <= IDLE_CPU_MS,
  },
  {
    scenario: 'startup',
    figure: 'cold',
    text: `≤ node -e 0 + ${COLD_START_OVER_NODE_MS} ms`,
    meets: (tessera, _tmux, reference) =>
      reference.nodeStartMs === null ? null : tessera <= reference.nodeStartMs + COLD_START_OVER_NODE_MS,
  },
  {
    scenario: 'startup',
    figure: 'attach',
    text: `≤ node -e 0 + ${ATTACH_OVER_NODE_MS} ms`,
    meets: (tessera, _tmux, reference) =>
      reference.nodeStartMs === null ? null : tessera <= reference.nodeStartMs + ATTACH_OVER_NODE_MS,
  },
  {
    scenario: 'throughput',
    figure: 'cpu',
    text: `≤ ${CPU_OVER_TMUX}× tmux`,
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux * CPU_OVER_TMUX),
  },
  {
    scenario: 'redraws',
    figure: 'cpu',
    text: `≤ ${CPU_OVER_TMUX}× tmux`,
    meets: (tessera, tmux) => (tmux === null ? null : tessera <= tmux * CPU_OVER_TMUX),
  },
  {
    scenario: 'floods',
    figure: 'loopP99',
    text: `< ${LOOP_DELAY_P99_MS} ms`,
    meets: (tessera) => tessera < LOOP_DELAY_P99_MS,
  },
  {
    scenario: 'memory',
    figure: 'perPane',
    text: 'stated and bounded',
    meets: () => null,
  },
];

/**
 * @param {string} scenario
 * @param {string} figure
 * @returns {Budget | undefined}
 */
export function budgetFor(scenario, figure) {
  return BUDGETS.find((budget) => budget.scenario === scenario && budget.figure === figure);
}

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
export function verdict(budget, tessera, tmux, reference) {
  if (budget === undefined) return '';
  if (tessera === null) return 'n/a';
  const meets = budget.meets(tessera, tmux, reference);
  if (meets === null) return 'n/a';
  return meets ? 'pass' : 'FAIL';
}
