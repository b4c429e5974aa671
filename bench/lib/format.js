// How figures read in the printed table: values with units, spreads, ratios, aligned columns.

/** @typedef {'ms' | 'bytes' | 'percent' | 'fps'} Unit */

/**
 * A value in its unit, with as many digits as a reader can use.
 * @param {number | null | undefined} value
 * @param {Unit} unit
 * @returns {string}
 */
export function formatValue(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  switch (unit) {
    case 'ms':
      if (Math.abs(value) >= 1000) return `${(value / 1000).toFixed(2)} s`;
      return `${value.toFixed(Math.abs(value) < 10 ? 2 : 1)} ms`;
    case 'bytes':
      return formatBytes(value);
    case 'percent':
      return `${value.toFixed(value < 10 ? 2 : 1)} %`;
    case 'fps':
      return `${value.toFixed(1)} fps`;
    default:
      throw new TypeError(`unknown unit ${String(unit)}`);
  }
}

/**
 * Bytes in decimal units (1 MB = 1,000,000 B), as file sizes are usually quoted.
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes) {
  const magnitude = Math.abs(bytes);
  if (magnitude >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (magnitude >= 1e6) return `${(bytes / 1e6).toFixed(magnitude >= 1e8 ? 0 : 1)} MB`;
  if (magnitude >= 1e3) return `${(bytes / 1e3).toFixed(magnitude >= 1e5 ? 0 : 1)} KB`;
  return `${Math.round(bytes)} B`;
}

/**
 * "median (min–max)", or just the median when there is one sample.
 * @param {{ median: number, min: number, max: number, count: number } | null} summary
 * @param {Unit} unit
 * @returns {string}
 */
export function formatSpread(summary, unit) {
  if (summary === null) return '—';
  const middle = formatValue(summary.median, unit);
  if (summary.count === 1 || summary.min === summary.max) return middle;
  return `${middle} (${formatValue(summary.min, unit)}–${formatValue(summary.max, unit)})`;
}

/**
 * tessera's median over tmux's, as "0.42×"; "—" when either is missing or the ratio means nothing.
 * @param {number | null | undefined} tessera
 * @param {number | null | undefined} tmux
 * @returns {string}
 */
export function formatRatio(tessera, tmux) {
  const ratio = ratioOf(tessera, tmux);
  if (ratio === null) return '—';
  if (!Number.isFinite(ratio)) return '∞';
  return `${ratio.toFixed(ratio >= 10 ? 1 : 2)}×`;
}

/**
 * tessera / tmux, or null when it cannot be computed (missing value, or both zero).
 * @param {number | null | undefined} tessera
 * @param {number | null | undefined} tmux
 * @returns {number | null}
 */
export function ratioOf(tessera, tmux) {
  if (tessera === null || tessera === undefined || tmux === null || tmux === undefined) return null;
  if (tmux === 0) return tessera === 0 ? null : Number.POSITIVE_INFINITY;
  return tessera / tmux;
}

/**
 * Left-aligned text columns separated by two spaces, with a rule under the header.
 * @param {readonly string[]} header
 * @param {readonly (readonly string[])[]} rows
 * @returns {string}
 */
export function renderTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(displayWidth(title), ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  /** @param {readonly string[]} cells */
  const line = (cells) =>
    cells
      .map((cell, column) => cell + ' '.repeat(widths[column] - displayWidth(cell)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * Columns a string takes in a terminal; the table only uses characters one column wide.
 * @param {string} text
 * @returns {number}
 */
function displayWidth(text) {
  return [...text].length;
}
