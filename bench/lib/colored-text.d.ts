// Generated from colored-text.js by `node bench/tools/emit-types.js`; do not edit.
/**
 * A small fast PRNG (mulberry32): the same seed always gives the same sequence.
 * @param {number} seed
 * @returns {() => number} uniform numbers in [0, 1)
 */
export function seededRandom(seed: number): () => number;
/**
 * Endless lines of colored words. Each line shows exactly a width drawn from [minWidth, maxWidth]
 * columns (every word is one column per character), then resets its style.
 * @param {number} seed
 * @param {{ minWidth?: number, maxWidth?: number }} [widths]
 * @returns {Generator<string>}
 */
export function coloredLines(seed: number, { minWidth, maxWidth }?: {
    minWidth?: number;
    maxWidth?: number;
}): Generator<string>;
/**
 * A text of exactly `bytes` bytes (UTF-8): colored lines, a plain filler line to make up the size,
 * and `sentinel` alone on the final line so a reader can tell when everything has arrived.
 * @param {{ bytes: number, seed: number, sentinel: string, minWidth?: number, maxWidth?: number }} options
 * @returns {Buffer}
 */
export function buildColoredText({ bytes, seed, sentinel, minWidth, maxWidth }: {
    bytes: number;
    seed: number;
    sentinel: string;
    minWidth?: number;
    maxWidth?: number;
}): Buffer;
/**
 * `count` lines of exactly `width` columns each, for filling pane histories.
 * @param {{ count: number, width: number, seed: number }} options
 * @returns {Buffer}
 */
export function buildFullWidthLines({ count, width, seed }: {
    count: number;
    width: number;
    seed: number;
}): Buffer;
