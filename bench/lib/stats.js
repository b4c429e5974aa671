// Order statistics of benchmark samples: median, percentiles, min and max.

/**
 * The p-th percentile (0–100) of `values`, interpolating linearly between the two nearest
 * ranks (the method of most statistics packages). `null` for no values.
 * @param {readonly number[]} values
 * @param {number} p
 * @returns {number | null}
 */
export function percentile(values, p) {
  if (values.length === 0) return null;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/**
 * @param {readonly number[]} values
 * @returns {number | null}
 */
export function median(values) {
  return percentile(values, 50);
}

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
export function spread(values) {
  if (values.length === 0) return null;
  return {
    median: /** @type {number} */ (median(values)),
    min: Math.min(...values),
    max: Math.max(...values),
    count: values.length,
  };
}

/**
 * The latency percentiles the keystroke scenario reports.
 * @param {readonly number[]} values
 * @returns {{ p50: number | null, p90: number | null, p99: number | null, max: number | null }}
 */
export function latencyPercentiles(values) {
  return {
    p50: percentile(values, 50),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: values.length === 0 ? null : Math.max(...values),
  };
}
