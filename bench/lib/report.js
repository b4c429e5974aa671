// From the runs of one scenario to its figures (median, min, max, ratio, verdict) and its table.

import { budgetFor, verdict } from '../budgets.js';
import { formatRatio, formatSpread, ratioOf, renderTable } from './format.js';
import { spread } from './stats.js';

/** @typedef {'timeout' | 'error' | 'skipped'} Failure */
/** @typedef {{ values: Record<string, number> } | { failure: Failure, message: string }} RunResult */
/** @typedef {number | Failure | 'missing'} Sample */

/**
 * @typedef {object} Side  one multiplexer's samples of one figure
 * @property {Sample[]} samples  one per repetition
 * @property {import('./stats.js').Spread | null} spread  over the numeric samples
 */

/**
 * @typedef {object} FigureSummary
 * @property {string} key
 * @property {string} label
 * @property {import('./format.js').Unit} unit
 * @property {Side | null} tessera  null when tessera was not run
 * @property {Side | null} tmux
 * @property {number | null} ratio  tessera's median / tmux's median
 * @property {string | null} budget
 * @property {'pass' | 'FAIL' | 'n/a' | ''} verdict
 */

/**
 * One multiplexer's samples of `key`, one per run.
 * @param {readonly RunResult[]} runs
 * @param {string} key
 * @returns {Side}
 */
export function summarizeSide(runs, key) {
  /** @type {Sample[]} */
  const samples = runs.map((run) => {
    if ('failure' in run) return run.failure;
    const value = run.values[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : 'missing';
  });
  const numbers = samples.filter((sample) => typeof sample === 'number');
  return { samples, spread: spread(/** @type {number[]} */ (numbers)) };
}

/**
 * @param {string} scenario
 * @param {{ key: string, label: string, unit: import('./format.js').Unit }} figure
 * @param {{ tessera: readonly RunResult[] | null, tmux: readonly RunResult[] | null }} runs
 * @param {import('../budgets.js').BudgetReference} reference
 * @returns {FigureSummary}
 */
export function summarizeFigure(scenario, figure, runs, reference) {
  const tessera = runs.tessera === null ? null : summarizeSide(runs.tessera, figure.key);
  const tmux = runs.tmux === null ? null : summarizeSide(runs.tmux, figure.key);
  const tesseraMedian = tessera?.spread?.median ?? null;
  const tmuxMedian = tmux?.spread?.median ?? null;
  const ratio = ratioOf(tesseraMedian, tmuxMedian);
  const budget = budgetFor(scenario, figure.key);
  return {
    ...figure,
    tessera,
    tmux,
    ratio: ratio !== null && Number.isFinite(ratio) ? ratio : null,
    budget: budget?.text ?? null,
    verdict: verdict(budget, tesseraMedian, tmuxMedian, reference),
  };
}

/**
 * The table of one scenario: a row per figure.
 * @param {readonly FigureSummary[]} figures
 * @returns {string}
 */
export function renderFigureTable(figures) {
  const rows = figures.map((figure) => [
    figure.label,
    formatSide(figure.tessera, figure.unit),
    formatSide(figure.tmux, figure.unit),
    formatRatio(figure.tessera?.spread?.median, figure.tmux?.spread?.median),
    figure.budget ?? '',
    figure.verdict,
  ]);
  return renderTable(['figure', 'tessera median (min–max)', 'tmux median (min–max)', 'tessera/tmux', 'budget', 'verdict'], rows);
}

/**
 * "2.31 s (2.20–2.45)", with failed repetitions counted after it, or the failure alone.
 * @param {Side | null} side
 * @param {import('./format.js').Unit} unit
 * @returns {string}
 */
export function formatSide(side, unit) {
  if (side === null) return 'not run';
  /** @type {Map<string, number>} */
  const failures = new Map();
  for (const sample of side.samples) {
    if (typeof sample !== 'number') failures.set(sample, (failures.get(sample) ?? 0) + 1);
  }
  const failed = [...failures].map(([kind, count]) => (side.spread === null ? kind : `${count} ${kind}`)).join(', ');
  if (side.spread === null) return failed || '—';
  return failed ? `${formatSpread(side.spread, unit)}, ${failed}` : formatSpread(side.spread, unit);
}

/**
 * @typedef {object} ScenarioSummary
 * @property {string} name
 * @property {string} title
 * @property {number} reps
 * @property {FigureSummary[]} figures
 * @property {{ multiplexer: string, repetition: number, kind: Failure, message: string }[]} failures
 * @property {string | null} note
 */

/**
 * @param {{ name: string, figures: readonly { key: string, label: string, unit: import('./format.js').Unit }[], note?: string }} scenario
 * @param {string} title
 * @param {number} reps
 * @param {Map<string, RunResult[]>} runs  per multiplexer name
 * @param {import('../budgets.js').BudgetReference} reference
 * @returns {ScenarioSummary}
 */
export function summarizeScenario(scenario, title, reps, runs, reference) {
  const sides = { tessera: runs.get('tessera') ?? null, tmux: runs.get('tmux') ?? null };
  const failures = [...runs].flatMap(([multiplexer, results]) =>
    results.flatMap((result, index) =>
      'failure' in result ? [{ multiplexer, repetition: index + 1, kind: result.failure, message: result.message }] : [],
    ),
  );
  return {
    name: scenario.name,
    title,
    reps,
    figures: scenario.figures.map((figure) => summarizeFigure(scenario.name, figure, sides, reference)),
    failures,
    note: scenario.note ?? null,
  };
}

/**
 * A scenario's block of the printed report: title, table, how to read it, what failed.
 * @param {ScenarioSummary} summary
 * @returns {string}
 */
export function renderScenario(summary) {
  const lines = [
    `${summary.name} — ${summary.title} (${summary.reps} repetition${summary.reps === 1 ? '' : 's'})`,
    renderFigureTable(summary.figures),
  ];
  if (summary.note !== null) lines.push(`  note: ${summary.note}`);
  for (const failure of summary.failures.filter((item) => item.kind !== 'skipped')) {
    // The first line says what failed; stacks and screen excerpts stay in the JSON.
    lines.push(`  ${failure.multiplexer} repetition ${failure.repetition}: ${failure.kind}: ${failure.message.split('\n')[0]}`);
  }
  return lines.join('\n');
}
