// Generated from report.js by `node bench/tools/emit-types.js`; do not edit.
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
export function summarizeSide(runs: readonly RunResult[], key: string): Side;
/**
 * @param {string} scenario
 * @param {{ key: string, label: string, unit: import('./format.js').Unit }} figure
 * @param {{ tessera: readonly RunResult[] | null, tmux: readonly RunResult[] | null }} runs
 * @param {import('../budgets.js').BudgetReference} reference
 * @returns {FigureSummary}
 */
export function summarizeFigure(scenario: string, figure: {
    key: string;
    label: string;
    unit: import("./format.js").Unit;
}, runs: {
    tessera: readonly RunResult[] | null;
    tmux: readonly RunResult[] | null;
}, reference: import("../budgets.js").BudgetReference): FigureSummary;
/**
 * The table of one scenario: a row per figure.
 * @param {readonly FigureSummary[]} figures
 * @returns {string}
 */
export function renderFigureTable(figures: readonly FigureSummary[]): string;
/**
 * "2.31 s (2.20–2.45)", with failed repetitions counted after it, or the failure alone.
 * @param {Side | null} side
 * @param {import('./format.js').Unit} unit
 * @returns {string}
 */
export function formatSide(side: Side | null, unit: import("./format.js").Unit): string;
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
export function summarizeScenario(scenario: {
    name: string;
    figures: readonly {
        key: string;
        label: string;
        unit: import("./format.js").Unit;
    }[];
    note?: string;
}, title: string, reps: number, runs: Map<string, RunResult[]>, reference: import("../budgets.js").BudgetReference): ScenarioSummary;
/**
 * A scenario's block of the printed report: title, table, how to read it, what failed.
 * @param {ScenarioSummary} summary
 * @returns {string}
 */
export function renderScenario(summary: ScenarioSummary): string;
export type Failure = "timeout" | "error" | "skipped";
export type RunResult = {
    values: Record<string, number>;
} | {
    failure: Failure;
    message: string;
};
export type Sample = number | Failure | "missing";
/**
 * one multiplexer's samples of one figure
 */
export type Side = {
    /**
     * one per repetition
     */
    samples: Sample[];
    /**
     * over the numeric samples
     */
    spread: import("./stats.js").Spread | null;
};
export type FigureSummary = {
    key: string;
    label: string;
    unit: import("./format.js").Unit;
    /**
     * null when tessera was not run
     */
    tessera: Side | null;
    tmux: Side | null;
    /**
     * tessera's median / tmux's median
     */
    ratio: number | null;
    budget: string | null;
    verdict: "pass" | "FAIL" | "n/a" | "";
};
export type ScenarioSummary = {
    name: string;
    title: string;
    reps: number;
    figures: FigureSummary[];
    failures: {
        multiplexer: string;
        repetition: number;
        kind: Failure;
        message: string;
    }[];
    note: string | null;
};
