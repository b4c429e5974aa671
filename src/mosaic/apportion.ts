// Integer arithmetic that shares a row or column of cells among the children of a split by weight.

/**
 * Returns the n+1 cut positions 0 = c[0] ≤ c[1] ≤ … ≤ c[n] = total; child i owns the slot [c[i], c[i+1]).
 * `gap` is how many cells a non-last slot keeps for the divider after it (1 in a row split, 0 in a column).
 * The weights share `total + gap` cells, as if the last child also had a divider (one past the edge), so
 * equal weights give panes that differ by at most one cell.
 *
 * Each cut is the rounded exact position of the weight before it (cumulative rounding), so the sizes
 * always sum to `total` and a cut depends only on the weights in front of it and their sum. That is what
 * lets a split halve one child's weight without moving any other child by a single cell. When the area is
 * too small for every divider, slots shrink to one cell (a divider only), then to nothing.
 */
export function apportion(weights: readonly number[], total: number, gap: 0 | 1): number[] {
  const n = weights.length;
  const cuts = new Array<number>(n + 1);
  cuts[0] = 0;
  cuts[n] = total;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i];
  const usable = Number.isFinite(sum) && sum > 0;
  const span = total + gap;
  let before = 0;
  for (let i = 0; i < n - 1; i++) {
    before += usable ? weights[i] : 1;
    const ideal = Math.floor((span * before) / (usable ? sum : n) + 0.5);
    const lowest = cuts[i] + gap;
    const highest = total - gap * (n - 2 - i);
    const cut = Math.max(lowest, Math.min(highest, ideal));
    cuts[i + 1] = Math.max(cuts[i], Math.min(total, cut));
  }
  return cuts;
}
