// Seeded random cell grids (every color kind, attributes, underline styles and colors, CJK, emoji,
// combining marks) and edits of them.

import {
  Attr,
  CellGrid,
  DEFAULT_COLOR,
  UnderlineStyle,
  palette256Color,
  paletteColor,
  rgbColor,
  withUnderlineStyle,
} from '../../../src/term/cellGrid.js';

export type Random = () => number;

/** A small deterministic generator (mulberry32) so a failing seed can be replayed. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const ASCII = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split('');
const NARROW = ['─', '│', '╭', '╮', '╰', '╯', '┼', '●', '◆', '·', '❯', '…', 'é', 'λ', 'ж', '✓', '→', '█', '░', '±'];
const WIDE = ['中', '文', '字', 'あ', 'カ', '한', '（', '😀', '🚀', '✅', '🎉', '🤖', '🦀'];
const NARROW_CLUSTERS = ['e\u0301', 'a\u0308\u0323', 'n\u0303', 'o\u0302'];
const WIDE_CLUSTERS = ['中\u0301'];

/**
 * A random color: default, one of the 16 ANSI colors (SGR 31 form), one of 0–15 selected as 38;5;N,
 * one of the 256, or a true color.
 */
export function randomColor(random: Random): number {
  const r = random();
  if (r < 0.4) return DEFAULT_COLOR;
  if (r < 0.55) return paletteColor(Math.floor(random() * 16));
  if (r < 0.65) return palette256Color(Math.floor(random() * 16));
  if (r < 0.8) return paletteColor(16 + Math.floor(random() * 240));
  return rgbColor(Math.floor(random() * 256), Math.floor(random() * 256), Math.floor(random() * 256));
}

/** Each attribute flag on with probability `p`; an underline gets a random style (single half the time). */
export function randomAttrs(random: Random, p = 0.12): number {
  let attrs = 0;
  for (let bit = 1; bit <= Attr.Overline; bit <<= 1) if (random() < p) attrs |= bit;
  if ((attrs & Attr.Underline) !== 0 && random() < 0.5) {
    attrs = withUnderlineStyle(attrs, UnderlineStyle.Double + Math.floor(random() * 4));
  }
  return attrs;
}

/** An underline color for `attrs`: none unless underlined, then default half the time. */
export function randomUnderlineColor(random: Random, attrs: number): number {
  if ((attrs & Attr.Underline) === 0 || random() < 0.5) return DEFAULT_COLOR;
  return randomColor(random);
}

function randomText(random: Random, wide: boolean): string {
  if (wide) return random() < 0.1 ? pick(random, WIDE_CLUSTERS) : pick(random, WIDE);
  const r = random();
  if (r < 0.6) return pick(random, ASCII);
  if (r < 0.85) return pick(random, NARROW);
  return pick(random, NARROW_CLUSTERS);
}

/** Sets a cell like CellGrid.set, first blanking any wide character it would cut in half. */
export function safeSet(
  g: CellGrid,
  x: number,
  y: number,
  text: string,
  width: number,
  fg: number,
  bg: number,
  attrs: number,
  ulColor = DEFAULT_COLOR,
): void {
  const i = g.index(x, y);
  if (g.widths[i] === 0 && x > 0) g.set(x - 1, y, ' ', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
  const last = x + width - 1;
  if (last < g.cols && g.widths[g.index(last, y)] === 2 && last + 1 < g.cols) {
    g.set(last + 1, y, ' ', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
  }
  g.set(x, y, text, width, fg, bg, attrs, ulColor);
}

/** Sets a cell with random colors, attributes and underline color. */
function randomStyledSet(random: Random, g: CellGrid, x: number, y: number, text: string, width: number): void {
  const fg = randomColor(random);
  const bg = randomColor(random);
  const attrs = randomAttrs(random);
  safeSet(g, x, y, text, width, fg, bg, attrs, randomUnderlineColor(random, attrs));
}

/** Writes a random cell at (x, y) and returns its width; wide only where it fits. */
export function randomCell(random: Random, g: CellGrid, x: number, y: number): number {
  if (random() < 0.3) {
    const bg = random() < 0.7 ? DEFAULT_COLOR : randomColor(random);
    const attrs = random() < 0.8 ? 0 : randomAttrs(random);
    safeSet(g, x, y, ' ', 1, random() < 0.8 ? DEFAULT_COLOR : randomColor(random), bg, attrs, randomUnderlineColor(random, attrs));
    return 1;
  }
  const wide = x + 1 < g.cols && random() < 0.2;
  randomStyledSet(random, g, x, y, randomText(random, wide), wide ? 2 : 1);
  return wide ? 2 : 1;
}

/** A grid of random content, with some blank rows and blank row tails, and wide characters at the right edge. */
export function randomGrid(random: Random, cols: number, rows: number): CellGrid {
  const g = new CellGrid(cols, rows);
  for (let y = 0; y < rows; y++) {
    const shape = random();
    if (shape < 0.15) continue;
    const end = shape < 0.45 ? Math.floor(random() * cols) : cols;
    for (let x = 0; x < end; ) x += randomCell(random, g, x, y);
    if (cols >= 2 && random() < 0.3) randomStyledSet(random, g, cols - 2, y, pick(random, WIDE), 2);
  }
  return g;
}

export function copyGrid(src: CellGrid): CellGrid {
  const g = new CellGrid(src.cols, src.rows);
  g.blit(src, 0, 0, src.cols, src.rows, 0, 0);
  return g;
}

/** A copy of `src` with one kind of random edit: a few cells, a rectangle, restyling, blanked tails, or everything. */
export function randomEdit(random: Random, src: CellGrid): CellGrid {
  const { cols, rows } = src;
  const kind = random();
  if (kind < 0.1) return randomGrid(random, cols, rows);
  const g = copyGrid(src);
  const randomX = (): number => Math.floor(random() * cols);
  const randomY = (): number => Math.floor(random() * rows);
  if (kind < 0.4) {
    const count = 1 + Math.floor(random() * 6);
    for (let k = 0; k < count; k++) randomCell(random, g, randomX(), randomY());
  } else if (kind < 0.6) {
    const x0 = randomX();
    const y0 = randomY();
    const w = 1 + Math.floor(random() * (cols - x0));
    const h = 1 + Math.floor(random() * (rows - y0));
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; ) x += randomCell(random, g, x, y);
  } else if (kind < 0.8) {
    // Same text, new colors and attributes (wide characters keep both halves in one style).
    for (let i = 0; i < cols * rows; i++) {
      if (g.widths[i] === 0 || random() > 0.2) continue;
      const x = i % cols;
      const y = Math.floor(i / cols);
      randomStyledSet(random, g, x, y, g.textAt(i), g.widths[i]);
    }
  } else {
    for (let k = 0; k < 3; k++) {
      const y = randomY();
      const x = randomX();
      safeSet(g, x, y, ' ', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
      g.clear(x, y, cols - x, 1);
    }
  }
  return g;
}
