// A headless xterm (unicode11) standing in for the outer terminal, read back as cells for comparison.

import pkg from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Attr, CellGrid, DEFAULT_COLOR, PALETTE, RGB, type Cell } from '../../../src/term/cellGrid.js';

const { Terminal } = pkg;
export type HeadlessTerminal = InstanceType<typeof Terminal>;

export function outerTerminal(cols: number, rows: number, convertEol = false): HeadlessTerminal {
  const term = new Terminal({ cols, rows, allowProposedApi: true, convertEol, scrollback: 100 });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  return term;
}

export function writeAll(term: HeadlessTerminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

/** The cell at (x, y) of the visible screen, in CellGrid's terms (an erased cell reads as a space). */
export function screenCell(term: HeadlessTerminal, x: number, y: number): Cell {
  const buffer = term.buffer.active;
  const cell = buffer.getLine(buffer.viewportY + y)?.getCell(x);
  if (cell === undefined) throw new Error(`no cell at ${x},${y}`);
  const width = cell.getWidth();
  const chars = cell.getChars();
  let attrs = 0;
  if (cell.isBold()) attrs |= Attr.Bold;
  if (cell.isDim()) attrs |= Attr.Dim;
  if (cell.isItalic()) attrs |= Attr.Italic;
  if (cell.isUnderline()) attrs |= Attr.Underline;
  if (cell.isBlink()) attrs |= Attr.Blink;
  if (cell.isInverse()) attrs |= Attr.Inverse;
  if (cell.isInvisible()) attrs |= Attr.Invisible;
  if (cell.isStrikethrough()) attrs |= Attr.Strikethrough;
  if (cell.isOverline()) attrs |= Attr.Overline;
  const color = (isDefault: boolean, isRgb: boolean, value: number): number =>
    isDefault ? DEFAULT_COLOR : isRgb ? RGB | value : PALETTE | value;
  return {
    text: width === 0 ? '' : chars === '' ? ' ' : chars,
    width,
    fg: color(cell.isFgDefault(), cell.isFgRGB(), cell.getFgColor()),
    bg: color(cell.isBgDefault(), cell.isBgRGB(), cell.getBgColor()),
    attrs,
  };
}

/** Every cell where the outer screen differs from `grid` (after `mapColor`), described for a readable failure. */
export function screenDifferences(
  term: HeadlessTerminal,
  grid: CellGrid,
  mapColor: (color: number) => number = (color) => color,
): string[] {
  const differences: string[] = [];
  for (let y = 0; y < grid.rows; y++) {
    for (let x = 0; x < grid.cols; x++) {
      const want = grid.cell(x, y);
      want.fg = mapColor(want.fg);
      want.bg = mapColor(want.bg);
      const got = screenCell(term, x, y);
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        differences.push(`(${x},${y}) want ${JSON.stringify(want)} got ${JSON.stringify(got)}`);
      }
    }
  }
  return differences;
}
