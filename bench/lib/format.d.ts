// Generated from format.js by `node bench/tools/emit-types.js`; do not edit.
/** @typedef {'ms' | 'bytes' | 'percent' | 'fps'} Unit */
/**
 * A value in its unit, with as many digits as a reader can use.
 * @param {number | null | undefined} value
 * @param {Unit} unit
 * @returns {string}
 */
export function formatValue(value: number | null | undefined, unit: Unit): string;
/**
 * Bytes in decimal units (1 MB = 1,000,000 B), as file sizes are usually quoted.
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes: number): string;
/**
 * "median (min–max)", or just the median when there is one sample.
 * @param {{ median: number, min: number, max: number, count: number } | null} summary
 * @param {Unit} unit
 * @returns {string}
 */
export function formatSpread(summary: {
    median: number;
    min: number;
    max: number;
    count: number;
} | null, unit: Unit): string;
/**
 * tessera's median over tmux's, as "0.42×"; "—" when either is missing or the ratio means nothing.
 * @param {number | null | undefined} tessera
 * @param {number | null | undefined} tmux
 * @returns {string}
 */
export function formatRatio(tessera: number | null | undefined, tmux: number | null | undefined): string;
/**
 * tessera / tmux, or null when it cannot be computed (missing value, or both zero).
 * @param {number | null | undefined} tessera
 * @param {number | null | undefined} tmux
 * @returns {number | null}
 */
export function ratioOf(tessera: number | null | undefined, tmux: number | null | undefined): number | null;
/**
 * Left-aligned text columns separated by two spaces, with a rule under the header.
 * @param {readonly string[]} header
 * @param {readonly (readonly string[])[]} rows
 * @returns {string}
 */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string;
export type Unit = "ms" | "bytes" | "percent" | "fps";
