import { describe, expect, it } from 'vitest';
import {
  Attr,
  CellGrid,
  DEFAULT_COLOR,
  PALETTE256,
  UnderlineStyle,
  isRgb,
  palette256Color,
  paletteColor,
  rgbColor,
  withUnderlineStyle,
} from '../../../src/term/cellGrid.js';
import { nearest256 } from '../../../src/term/colors.js';
import { RowChanges } from '../../../src/term/rowChanges.js';
import { diffFrames } from '../../../src/term/differ.js';
import { copyGrid, randomEdit, randomGrid, seeded } from './randomGrid.js';
import { outerTerminal, screenDifferences, writeAll, type HeadlessTerminal } from './xtermScreen.js';

const TRUE_COLOR = { trueColor: true };
const SIZES: readonly (readonly [number, number])[] = [
  [1, 1],
  [2, 2],
  [5, 3],
  [11, 4],
  [17, 6],
  [40, 10],
  [80, 24],
];
const SEEDS_PER_SIZE = 12;
const EDITS_PER_SEED = 6;

/** The outer screen must equal the grid exactly, and nothing may have scrolled off the top. */
function expectScreen(term: HeadlessTerminal, grid: CellGrid, mapColor?: (color: number) => number): void {
  expect(screenDifferences(term, grid, mapColor).slice(0, 5)).toEqual([]);
  expect(term.buffer.active.baseY).toBe(0);
}

function textGrid(cols: number, rows: number, lines: string[]): CellGrid {
  const g = new CellGrid(cols, rows);
  lines.forEach((line, y) => [...line].forEach((ch, x) => g.set(x, y, ch, 1, DEFAULT_COLOR, DEFAULT_COLOR, 0)));
  return g;
}

describe('diffFrames on a real terminal', () => {
  it('turns the screen into every random next grid, edit after edit', async () => {
    for (const [cols, rows] of SIZES) {
      for (let seed = 1; seed <= SEEDS_PER_SIZE; seed++) {
        const random = seeded(seed * 1000 + cols);
        const term = outerTerminal(cols, rows);
        let shown = randomGrid(random, cols, rows);
        await writeAll(term, diffFrames(null, shown, TRUE_COLOR));
        expectScreen(term, shown);
        for (let edit = 0; edit < EDITS_PER_SEED; edit++) {
          const next = randomEdit(random, shown);
          await writeAll(term, diffFrames(shown, next, TRUE_COLOR));
          expectScreen(term, next);
          expect(diffFrames(next, copyGrid(next), TRUE_COLOR)).toBe('');
          shown = next;
        }
        term.dispose();
      }
    }
  });

  it('without true color, draws true colors (underline colors too) as their nearest palette color and never sends 38;2, 48;2 or 58;2', async () => {
    const toPalette = (color: number): number => (isRgb(color) ? PALETTE256 | nearest256(color) : color);
    for (let seed = 1; seed <= SEEDS_PER_SIZE; seed++) {
      const random = seeded(seed);
      const term = outerTerminal(30, 8);
      let shown = randomGrid(random, 30, 8);
      const first = diffFrames(null, shown, { trueColor: false });
      await writeAll(term, first);
      expectScreen(term, shown, toPalette);
      for (let edit = 0; edit < EDITS_PER_SEED; edit++) {
        const next = randomEdit(random, shown);
        const bytes = diffFrames(shown, next, { trueColor: false });
        expect(bytes).not.toMatch(/[345]8;2;/);
        await writeAll(term, bytes);
        expectScreen(term, next, toPalette);
        shown = next;
      }
      term.dispose();
    }
  });

  it('repaints everything when the size changes', async () => {
    const random = seeded(7);
    const small = randomGrid(random, 10, 4);
    const big = randomGrid(random, 12, 5);
    const term = outerTerminal(12, 5);
    await writeAll(term, 'garbage everywhere, not known to the differ');
    await writeAll(term, diffFrames(small, big, TRUE_COLOR));
    expectScreen(term, big);
  });

  it('fills the bottom-right cell, wide or narrow, without scrolling', async () => {
    const cases: [string, number][] = [
      ['x', 1],
      ['中', 2],
      ['😀', 2],
      ['é', 1],
    ];
    for (const [first, firstWidth] of cases) {
      for (const [second, secondWidth] of cases) {
        const a = new CellGrid(6, 3);
        a.set(6 - firstWidth, 2, first, firstWidth, paletteColor(3), rgbColor(1, 2, 3), Attr.Bold);
        const b = copyGrid(a);
        if (secondWidth === 1 && firstWidth === 2) b.set(4, 2, ' ', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
        b.set(6 - secondWidth, 2, second, secondWidth, paletteColor(200), DEFAULT_COLOR, Attr.Underline);
        const term = outerTerminal(6, 3);
        await writeAll(term, diffFrames(null, a, TRUE_COLOR));
        expectScreen(term, a);
        await writeAll(term, diffFrames(a, b, TRUE_COLOR));
        expectScreen(term, b);
        term.dispose();
      }
    }
  });

  it('redraws the whole wide character when only its right half changed', async () => {
    const a = textGrid(8, 1, ['abc']);
    a.set(3, 0, '中', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const b = copyGrid(a);
    b.bg[4] = paletteColor(1);
    const bytes = diffFrames(a, b, TRUE_COLOR);
    expect(bytes).toBe('\x1b[1;4H中');
    const term = outerTerminal(8, 1);
    await writeAll(term, diffFrames(null, a, TRUE_COLOR) + bytes);
    expectScreen(term, a);
  });

  it('never lets a wide glyph squeezed into the last column wrap or scroll', async () => {
    const g = textGrid(4, 2, ['abcd', 'efg']);
    g.set(3, 1, '中', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0); // CellGrid keeps it one cell wide
    const term = outerTerminal(4, 2);
    await writeAll(term, diffFrames(null, g, TRUE_COLOR));
    expect(term.buffer.active.baseY).toBe(0);
    expect(term.buffer.active.getLine(1)?.translateToString()).toBe('efg ');
    expect(term.buffer.active.getLine(0)?.translateToString()).toBe('abcd');
  });

  it('notices a change in a combining mark alone', async () => {
    const a = new CellGrid(4, 1);
    a.set(1, 0, 'e\u0301', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const b = copyGrid(a);
    b.set(1, 0, 'e\u0300', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const bytes = diffFrames(a, b, TRUE_COLOR);
    expect(bytes).toContain('e\u0300');
    const term = outerTerminal(4, 1);
    await writeAll(term, diffFrames(null, a, TRUE_COLOR) + bytes);
    expectScreen(term, b);
  });

  it('sends emoji without joiners, and one-cell emoji without VS16, so a real terminal keeps the pane widths', () => {
    const g = new CellGrid(10, 1);
    g.set(0, 0, '👨\u200d', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    g.set(2, 0, '👩\u200d', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    g.set(4, 0, '👧', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    g.set(6, 0, '\u2764\ufe0f', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const bytes = diffFrames(null, g, TRUE_COLOR);
    expect(bytes).toContain('👨');
    expect(bytes).toContain('👧');
    expect(bytes).toContain('\u2764');
    expect(bytes).not.toContain('\u200d');
    expect(bytes).not.toContain('\ufe0f');
  });

  it('writes the two regional indicators of a flag together, and both again when only the second changes', async () => {
    const a = textGrid(8, 1, ['a']);
    a.set(1, 0, '🇫', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    a.set(2, 0, '🇷', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    a.set(3, 0, '🇯', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    a.set(4, 0, '🇵', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    a.set(5, 0, '🇪', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0); // a lone one: no partner
    a.set(6, 0, 'z', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const full = diffFrames(null, a, TRUE_COLOR);
    expect(full).toContain('a🇫🇷');
    expect(full).toContain('🇯🇵');
    expect(full).not.toContain('🇵🇪');
    const b = copyGrid(a);
    b.set(4, 0, '🇳', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0); // 🇯🇵 becomes 🇯🇳
    const change = diffFrames(a, b, TRUE_COLOR);
    expect(change).toContain('🇯🇳');
    const term = outerTerminal(8, 1);
    await writeAll(term, full + change);
    expectScreen(term, b);
  });

  it('erases the cells of a skin-tone modifier before writing it, so a terminal that joins it leaves nothing stale', async () => {
    const a = textGrid(8, 1, ['xxxxxxx']);
    const b = textGrid(8, 1, ['']);
    b.set(0, 0, '👍', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    b.set(2, 0, '🏽', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    b.set(4, 0, '|', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const bytes = diffFrames(a, b, TRUE_COLOR);
    expect(bytes).toMatch(/👍\x1b\[(3G|C)?.*\x1b\[2X🏽/s);
    const term = outerTerminal(8, 1);
    await writeAll(term, diffFrames(null, a, TRUE_COLOR) + bytes);
    expectScreen(term, b);
  });

  it('turns each attribute on and then off again', async () => {
    const term = outerTerminal(4, 1);
    let shown: CellGrid | null = null;
    for (let bit = 1; bit <= Attr.Overline; bit <<= 1) {
      for (const attrs of [bit, 0, bit | Attr.Bold, Attr.Bold]) {
        const g = textGrid(4, 1, ['ab']);
        g.set(2, 0, 'c', 1, DEFAULT_COLOR, DEFAULT_COLOR, attrs);
        await writeAll(term, diffFrames(shown, g, TRUE_COLOR));
        expectScreen(term, g);
        shown = g;
      }
    }
  });

  it('sends a palette color 0–15 in the form it was selected: 31 / 91 or 38;5;N', async () => {
    const g = new CellGrid(3, 1);
    g.set(0, 0, 'a', 1, paletteColor(1), paletteColor(12), 0);
    g.set(1, 0, 'b', 1, palette256Color(1), palette256Color(12), 0);
    g.set(2, 0, 'c', 1, palette256Color(9), paletteColor(9), 0);
    const bytes = diffFrames(null, g, TRUE_COLOR);
    expect(bytes).toBe('\x1b[H\x1b[0m\x1b[31;104ma\x1b[38;5;1;48;5;12mb\x1b[38;5;9;101mc\x1b[0m');
    const term = outerTerminal(3, 1);
    await writeAll(term, bytes);
    expectScreen(term, g);
  });

  it('draws every underline style in every kind of underline color, and each change between them', async () => {
    const colors = [DEFAULT_COLOR, palette256Color(196), paletteColor(3), palette256Color(3), rgbColor(0, 200, 255)];
    const looks: [number, number][] = [[0, DEFAULT_COLOR]];
    for (let style = UnderlineStyle.Single; style <= UnderlineStyle.Dashed; style++) {
      for (const color of colors) looks.push([withUnderlineStyle(Attr.Bold, style), color]);
    }
    // One frame per look: that look, then each look in turn, so the pen goes every way between them.
    const cols = 2 * looks.length;
    const term = outerTerminal(cols, 1);
    let shown: CellGrid | null = null;
    for (const [attrs, ulColor] of looks) {
      const g = new CellGrid(cols, 1);
      looks.forEach(([nextAttrs, nextUlColor], k) => {
        g.set(2 * k, 0, 'x', 1, paletteColor(2), DEFAULT_COLOR, attrs, ulColor);
        g.set(2 * k + 1, 0, 'y', 1, paletteColor(2), DEFAULT_COLOR, nextAttrs, nextUlColor);
      });
      const bytes = diffFrames(shown, g, TRUE_COLOR);
      // SGR 59 is never sent: xterm.js 6 would draw that underline white.
      expect(bytes).not.toMatch(/[[;]59[;m]/);
      await writeAll(term, bytes);
      expectScreen(term, g);
      shown = g;
    }
  });

  it('writes underline styles with colons and underline colors with 58', () => {
    const a = new CellGrid(4, 1);
    const b = new CellGrid(4, 1);
    b.set(0, 0, 'a', 1, DEFAULT_COLOR, DEFAULT_COLOR, Attr.Underline);
    b.set(1, 0, 'b', 1, DEFAULT_COLOR, DEFAULT_COLOR, withUnderlineStyle(0, UnderlineStyle.Curly), palette256Color(196));
    b.set(2, 0, 'c', 1, DEFAULT_COLOR, DEFAULT_COLOR, withUnderlineStyle(0, UnderlineStyle.Double), rgbColor(1, 2, 3));
    b.set(3, 0, 'd', 1, DEFAULT_COLOR, DEFAULT_COLOR, withUnderlineStyle(0, UnderlineStyle.Double));
    expect(diffFrames(a, b, TRUE_COLOR)).toBe('\x1b[H\x1b[4ma\x1b[4:3;58;5;196mb\x1b[4:2;58;2;1;2;3mc\x1b[0;4:2md\x1b[0m');
    expect(diffFrames(a, b, { trueColor: false })).toContain(`\x1b[4:2;58;5;${nearest256(0x010203)}mc`);
  });

  it('keeps the rest of the row in place when a grid holds half of a wide character', async () => {
    const g = textGrid(6, 1, ['abcdef']);
    g.set(1, 0, '中', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    g.set(2, 0, 'X', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0); // leaves a left half with no right half
    const term = outerTerminal(6, 1);
    await writeAll(term, diffFrames(null, g, TRUE_COLOR));
    const row = term.buffer.active.getLine(0)?.translateToString(true);
    expect(row).toBe('a Xdef');
  });
});

describe('diffFrames with the changed cells given', () => {
  it('writes the same bytes as a full comparison when every cell that differs is marked', () => {
    for (const [cols, rows] of SIZES) {
      for (let seed = 1; seed <= SEEDS_PER_SIZE; seed++) {
        const random = seeded(seed * 7919 + rows);
        let shown = randomGrid(random, cols, rows);
        for (let edit = 0; edit < EDITS_PER_SEED; edit++) {
          const next = randomEdit(random, shown);
          const changes = new RowChanges(rows);
          for (let y = 0; y < rows; y++) {
            // Marked: the span of every row's cells that differ, widened at random (a caller may mark
            // more than it changed), and some rows that do not differ at all.
            const span = differingSpan(shown, next, y);
            if (span) changes.mark(y, Math.max(0, span.from - Math.floor(random() * 3)), Math.min(cols, span.to + Math.floor(random() * 3)));
            else if (random() < 0.3) changes.mark(y, 0, cols);
          }
          expect(diffFrames(shown, next, { ...TRUE_COLOR, changes })).toBe(diffFrames(shown, next, TRUE_COLOR));
          shown = next;
        }
      }
    }
  });

  it('skips the rows not marked, and the cells outside a row\'s span', () => {
    const prev = textGrid(4, 2, ['ab', 'cd']);
    const next = textGrid(4, 2, ['xb', 'cy']);
    const changes = new RowChanges(2);
    changes.mark(1, 0, 4);
    expect(diffFrames(prev, next, { ...TRUE_COLOR, changes })).toBe('\x1b[2;2Hy');
    const narrow = new RowChanges(2);
    narrow.mark(0, 1, 4);
    narrow.mark(1, 1, 2);
    expect(diffFrames(prev, next, { ...TRUE_COLOR, changes: narrow })).toBe('\x1b[2;2Hy');
  });
});

/** The columns of row `y` whose cells differ between the grids (clusters and links included), if any. */
function differingSpan(a: CellGrid, b: CellGrid, y: number): { from: number; to: number } | undefined {
  let from = -1;
  let to = -1;
  for (let x = 0; x < a.cols; x++) {
    const i = y * a.cols + x;
    const same =
      a.codes[i] === b.codes[i] && a.widths[i] === b.widths[i] && a.fg[i] === b.fg[i] && a.bg[i] === b.bg[i] &&
      a.attrs[i] === b.attrs[i] && a.ulColor[i] === b.ulColor[i] && a.clusters.get(i) === b.clusters.get(i) && a.links.get(i) === b.links.get(i);
    if (same) continue;
    if (from < 0) from = x;
    to = x + 1;
  }
  return from < 0 ? undefined : { from, to };
}


describe('diffFrames output', () => {
  const screen = (): CellGrid => {
    const g = randomGrid(seeded(42), 80, 24);
    for (let x = 0; x < 80; x++) g.set(x, 10, 'q', 1, paletteColor(2), DEFAULT_COLOR, 0);
    return g;
  };

  it('is empty when nothing changed', () => {
    const a = screen();
    expect(diffFrames(a, copyGrid(a), TRUE_COLOR)).toBe('');
  });

  it('is a short write for one changed cell', () => {
    const a = screen();
    const b = copyGrid(a);
    b.set(40, 10, 'Z', 1, rgbColor(255, 128, 0), DEFAULT_COLOR, Attr.Bold);
    const bytes = diffFrames(a, b, TRUE_COLOR);
    expect(bytes.length).toBeLessThan(40);
    expect(bytes).toBe('\x1b[11;41H\x1b[1;38;2;255;128;0mZ\x1b[0m');
  });

  it('moves the cursor absolutely after a wide or non-ASCII glyph', () => {
    const a = textGrid(10, 1, ['..........']);
    const b = textGrid(10, 1, ['.中.é?.....']);
    b.set(1, 0, '中', 2, DEFAULT_COLOR, DEFAULT_COLOR, 0);
    const bytes = diffFrames(a, b, TRUE_COLOR);
    expect(bytes).toBe('\x1b[1;2H中\x1b[4Gé\x1b[5G?');
  });

  it('rewrites a short unchanged gap instead of moving over it', () => {
    const a = textGrid(10, 1, ['abcdefghij']);
    const b = textGrid(10, 1, ['aXcdYfghij']);
    expect(diffFrames(a, b, TRUE_COLOR)).toBe('\x1b[1;2HXcdY');
  });

  it('erases a blank row tail with one EL', () => {
    const a = textGrid(20, 2, ['a long line of text.', 'second']);
    const b = textGrid(20, 2, ['a lo', 'second']);
    expect(diffFrames(a, b, TRUE_COLOR)).toBe('\x1b[1;5H\x1b[K');
  });

  it('resets the pen only when an attribute must be turned off', () => {
    const a = new CellGrid(3, 1);
    const b = new CellGrid(3, 1);
    b.set(0, 0, 'a', 1, paletteColor(1), DEFAULT_COLOR, Attr.Bold);
    b.set(1, 0, 'b', 1, paletteColor(9), DEFAULT_COLOR, Attr.Bold | Attr.Italic);
    b.set(2, 0, 'c', 1, paletteColor(9), DEFAULT_COLOR, Attr.Italic);
    expect(diffFrames(a, b, TRUE_COLOR)).toBe('\x1b[H\x1b[1;31ma\x1b[3;91mb\x1b[0;3;91mc\x1b[0m');
  });
});
