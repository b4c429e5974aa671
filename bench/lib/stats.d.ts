// Generated from stats.js by `node bench/tools/emit-types.js`; do not edit.
/**
 * The p-th percentile (0–100) of `values`, interpolating linearly between the two nearest
 * ranks (the method of most statistics packages). `null` for no values.
 * @param {readonly number[]} values
 * @param {number} p
 * @returns {number | null}
 */
export function percentile(values: readonly number[], p: number): number | null;
/**
 * @param {readonly number[]} values
 * @returns {number | null}
 */
export function median(values: readonly number[]): number | null;
/**
 * @typedef {object} Spread
 * @property {number} median
 * @property {number} min
 * @property {number} max
 * @property {number} count
 */
/**
 * Median, min and max of `values`; `null` when there are none.
 * @param {readonly number[]} values
 * @returns {Spread | null}
 */
export function spread(values: readonly number[]): Spread | null;
/**
 * The latency percentiles the keystroke scenario reports.
 * @param {readonly number[]} values
 * @returns {{ p50: number | null, p90: number | null, p99: number | null, max: number | null }}
 */
export function latencyPercentiles(values: readonly number[]): {
    p50: number | null;
    p90: number | null;
    p99: number | null;
    max: number | null;
};
export type Spread = {
    median: number;
    min: number;
    max: number;
    count: number;
};
