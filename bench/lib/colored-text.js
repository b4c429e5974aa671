// Deterministic text with 16-color, 256-color and true-color SGR runs, like a colored build log.

const ESC = '\x1b';
const RESET = `${ESC}[0m`;

const WORDS = [
  'compile', 'module', 'error', 'warning', 'src/term/grid.ts', 'passed', 'failed', 'token',
  'request', 'response', 'agent', 'pane', 'render', 'frame', 'diff', 'cursor', 'scroll',
  'buffer', 'write', 'read', 'socket', 'client', 'server', 'layout', 'split', 'resize',
  'emulator', 'sequence', 'unicode', 'width', 'ok', 'done', '42', '0x1f', '✓', '→',
  'λ', 'process', 'signal', 'exit', 'status', 'cache', 'hit', 'miss', 'retry', 'timeout',
];

/**
 * A small fast PRNG (mulberry32): the same seed always gives the same sequence.
 * @param {number} seed
 * @returns {() => number} uniform numbers in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One SGR sequence choosing a style the way colored tools do: mostly basic colors, some 256-color,
 * some true color, now and then bold or a background.
 * @param {() => number} random
 * @returns {string}
 */
function randomStyle(random) {
  /** @param {number} n */
  const pick = (n) => Math.floor(random() * n);
  const kind = random();
  if (kind < 0.35) return `${ESC}[${pick(2) === 0 ? 30 + pick(8) : 90 + pick(8)}m`;
  if (kind < 0.6) return `${ESC}[38;5;${pick(256)}m`;
  if (kind < 0.85) return `${ESC}[38;2;${pick(256)};${pick(256)};${pick(256)}m`;
  if (kind < 0.93) return `${ESC}[1;${31 + pick(7)}m`;
  return `${ESC}[38;5;${pick(256)};48;2;${pick(64)};${pick(64)};${pick(64)}m`;
}

/**
 * Endless lines of colored words. Each line shows exactly a width drawn from [minWidth, maxWidth]
 * columns (every word is one column per character), then resets its style.
 * @param {number} seed
 * @param {{ minWidth?: number, maxWidth?: number }} [widths]
 * @returns {Generator<string>}
 */
export function* coloredLines(seed, { minWidth = 20, maxWidth = 160 } = {}) {
  const random = seededRandom(seed);
  for (;;) {
    const width = minWidth + Math.floor(random() * (maxWidth - minWidth + 1));
    let line = '';
    let shown = 0;
    while (shown < width) {
      line += randomStyle(random);
      const runWords = 1 + Math.floor(random() * 4);
      for (let i = 0; i < runWords && shown < width; i += 1) {
        const word = WORDS[Math.floor(random() * WORDS.length)];
        const piece = [...(shown === 0 ? word : ` ${word}`)].slice(0, width - shown).join('');
        line += piece;
        shown += [...piece].length;
      }
    }
    yield `${line}${RESET}\n`;
  }
}

/**
 * A text of exactly `bytes` bytes (UTF-8): colored lines, a plain filler line to make up the size,
 * and `sentinel` alone on the final line so a reader can tell when everything has arrived.
 * @param {{ bytes: number, seed: number, sentinel: string, minWidth?: number, maxWidth?: number }} options
 * @returns {Buffer}
 */
export function buildColoredText({ bytes, seed, sentinel, minWidth, maxWidth }) {
  const last = Buffer.from(`${RESET}${sentinel}\n`);
  if (bytes < last.length) throw new RangeError(`${bytes} bytes cannot hold the sentinel line`);
  const body = bytes - last.length;
  /** @type {Buffer[]} */
  const parts = [];
  let used = 0;
  for (const line of coloredLines(seed, { minWidth, maxWidth })) {
    const encoded = Buffer.from(line);
    if (used + encoded.length > body) break;
    parts.push(encoded);
    used += encoded.length;
  }
  const rest = body - used;
  if (rest > 0) parts.push(Buffer.from(`${'.'.repeat(rest - 1)}\n`));
  parts.push(last);
  return Buffer.concat(parts, bytes);
}

/**
 * `count` lines of exactly `width` columns each, for filling pane histories.
 * @param {{ count: number, width: number, seed: number }} options
 * @returns {Buffer}
 */
export function buildFullWidthLines({ count, width, seed }) {
  /** @type {Buffer[]} */
  const parts = [];
  for (const line of coloredLines(seed, { minWidth: width, maxWidth: width })) {
    if (parts.length === count) break;
    parts.push(Buffer.from(line));
  }
  return Buffer.concat(parts);
}
