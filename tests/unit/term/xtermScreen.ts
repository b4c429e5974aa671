// A headless xterm (unicode11) standing in for the outer terminal, read back as cells for comparison.

import pkg from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import {
  Attr,
  CellGrid,
  DEFAULT_COLOR,
  PALETTE16,
  PALETTE256,
  RGB,
  isPalette16,
  withUnderlineStyle,
  type Cell,
} from '../../../src/term/cellGrid.js';

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

/** xterm's color modes (getFgColorMode()). */
const XTERM_P16 = 0x1000000;
const XTERM_P256 = 0x2000000;
const XTERM_RGB = 0x3000000;

/**
 * What xterm's cell object has beyond IBufferCell (AttributeData in 6.0.0): the underline style and
 * color. Read here through these getters, not the `extended` field src/term/xtermCell.ts uses, so the
 * two readings check each other.
 */
interface UnderlineGetters {
  getUnderlineStyle(): number;
  isUnderlineColorDefault(): boolean;
  getUnderlineColorMode(): number;
  getUnderlineColor(): number;
}

function packColor(mode: number, value: number): number {
  if (mode === XTERM_P16) return PALETTE16 | value;
  if (mode === XTERM_P256) return PALETTE256 | value;
  if (mode === XTERM_RGB) return RGB | value;
  return DEFAULT_COLOR;
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
  if (cell.isBlink()) attrs |= Attr.Blink;
  if (cell.isInverse()) attrs |= Attr.Inverse;
  if (cell.isInvisible()) attrs |= Attr.Invisible;
  if (cell.isStrikethrough()) attrs |= Attr.Strikethrough;
  if (cell.isOverline()) attrs |= Attr.Overline;
  const underline = cell as unknown as UnderlineGetters;
  const style = underline.getUnderlineStyle();
  attrs = withUnderlineStyle(attrs, style);
  const ulColor =
    style === 0 || underline.isUnderlineColorDefault()
      ? DEFAULT_COLOR
      : packColor(underline.getUnderlineColorMode(), underline.getUnderlineColor());
  return {
    text: width === 0 ? '' : chars === '' ? ' ' : chars,
    width,
    fg: packColor(cell.getFgColorMode(), cell.getFgColor()),
    bg: packColor(cell.getBgColorMode(), cell.getBgColor()),
    attrs,
    ulColor,
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
      // An underline color has no 16-color form: it is always sent, and read back, as 58;5;N.
      want.ulColor = mapColor(isPalette16(want.ulColor) ? PALETTE256 | (want.ulColor & 0xff) : want.ulColor);
      const got = screenCell(term, x, y);
      if (JSON.stringify(want) !== JSON.stringify(got)) {
        differences.push(`(${x},${y}) want ${JSON.stringify(want)} got ${JSON.stringify(got)}`);
      }
    }
  }
  return differences;
}
