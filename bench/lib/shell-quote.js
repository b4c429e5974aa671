// Quoting a word for the shells the benchmark types commands into.

/**
 * `word` as one single-quoted shell word.
 * @param {string} word
 * @returns {string}
 */
export function shellQuote(word) {
  return /^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
