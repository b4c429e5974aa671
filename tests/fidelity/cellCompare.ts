// Screens as comparable records: the cells of a rectangle of an xterm buffer plus the cursor, and a
// readable side-by-side diff of two of them.

import type { IBufferCell, Terminal } from '@xterm/headless';

/** How a color was selected: xterm keeps the 16-color SGRs (31, 91) apart from `38;5;N`. */
export type ColorMode = 'default' | 'p16' | 'p256' | 'rgb';

export interface CellColor {
  mode: ColorMode;
  /** Palette index or 0xRRGGBB; -1 for the default color. */
  value: number;
}

/** Underline style as xterm stores it (SGR 4:N): none, single, double, curly, dotted, dashed. */
const UNDERLINE_STYLES = ['none', 'single', 'double', 'curly', 'dotted', 'dashed'] as const;
export type UnderlineStyle = (typeof UNDERLINE_STYLES)[number];

/** The on/off attributes compared for every cell, in the order they are printed. */
export const FLAG_NAMES = ['bold', 'dim', 'italic', 'underline', 'blink', 'inverse', 'invisible', 'strikethrough', 'overline'] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/**
 * What is compared besides the flags; each can be excused by name (see CompareOptions.ignore).
 * `paletteKind` is a palette color selected the other way (SGR 31 versus 38;5;1): same index, but
 * terminals may draw them differently (bold-as-bright applies to the 16-color form only).
 */
export type AspectName = 'chars' | 'width' | 'fg' | 'bg' | 'paletteKind' | FlagName | 'underlineStyle' | 'underlineColor';

export interface CellRecord {
  /** The grapheme shown; an empty cell reads as ' ' (an erased cell and a written space look the same). */
  chars: string;
  /** 1, 2 for the left half of a wide character, 0 for its right half. */
  width: number;
  fg: CellColor;
  bg: CellColor;
  flags: Record<FlagName, boolean>;
  underlineStyle: UnderlineStyle;
  /** SGR 58 color of the underline, when xterm exposes it. */
  underlineColor: CellColor;
}

export type CursorStyle = 'block' | 'underline' | 'bar';

export interface CursorRecord {
  x: number;
  y: number;
  visible: boolean;
  style: CursorStyle;
  blink: boolean;
}

export interface ScreenRecord {
  cols: number;
  rows: number;
  /** rows × cols cells, row by row. */
  cells: CellRecord[][];
  cursor: CursorRecord;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Parts of xterm's internals that its public API does not expose: cursor visibility and shape. */
interface XtermCoreView {
  coreService?: {
    isCursorHidden?: boolean;
    decPrivateModes?: { cursorStyle?: string; cursorBlink?: boolean };
  };
}

/** xterm's extended attributes on a cell (underline style and color); internal, so read defensively. */
interface ExtendedAttrsView {
  underlineStyle?: number;
  underlineColor?: number;
}

/** Reads a rectangle of `term`'s visible screen; the cursor is reported relative to the rectangle. */
export function readScreen(term: Terminal, rect: Rect = { x: 0, y: 0, width: term.cols, height: term.rows }): ScreenRecord {
  const buffer = term.buffer.active;
  const scratch = buffer.getNullCell();
  const cells: CellRecord[][] = [];
  for (let row = 0; row < rect.height; row++) {
    const line = buffer.getLine(buffer.viewportY + rect.y + row);
    const out: CellRecord[] = [];
    for (let col = 0; col < rect.width; col++) {
      const cell = line?.getCell(rect.x + col, scratch);
      out.push(cell ? cellRecord(cell) : blankCell());
    }
    cells.push(out);
  }
  return { cols: rect.width, rows: rect.height, cells, cursor: readCursor(term, rect) };
}

function readCursor(term: Terminal, rect: Rect): CursorRecord {
  const core = (term as unknown as { _core?: XtermCoreView })._core;
  const modes = core?.coreService?.decPrivateModes;
  const style = modes?.cursorStyle;
  return {
    // With a wrap pending xterm reports x = cols; the cursor is drawn in the last column.
    x: Math.min(term.buffer.active.cursorX, term.cols - 1) - rect.x,
    y: term.buffer.active.cursorY - rect.y,
    visible: core?.coreService?.isCursorHidden !== true,
    style: style === 'underline' || style === 'bar' ? style : 'block',
    blink: modes?.cursorBlink === true,
  };
}

function cellRecord(cell: IBufferCell): CellRecord {
  const extended = (cell as unknown as { extended?: ExtendedAttrsView }).extended;
  const underline = cell.isUnderline() !== 0;
  const styleIndex = underline ? (extended?.underlineStyle ?? 1) : 0;
  return {
    chars: cell.getChars() === '' && cell.getWidth() !== 0 ? ' ' : cell.getChars(),
    width: cell.getWidth(),
    fg: colorOf(cell.isFgDefault(), cell.isFgRGB(), cell.getFgColorMode(), cell.getFgColor()),
    bg: colorOf(cell.isBgDefault(), cell.isBgRGB(), cell.getBgColorMode(), cell.getBgColor()),
    flags: {
      bold: cell.isBold() !== 0,
      dim: cell.isDim() !== 0,
      italic: cell.isItalic() !== 0,
      underline,
      blink: cell.isBlink() !== 0,
      inverse: cell.isInverse() !== 0,
      invisible: cell.isInvisible() !== 0,
      strikethrough: cell.isStrikethrough() !== 0,
      overline: cell.isOverline() !== 0,
    },
    underlineStyle: UNDERLINE_STYLES[styleIndex] ?? 'single',
    underlineColor: underline ? underlineColorOf(extended?.underlineColor) : DEFAULT_CELL_COLOR,
  };
}

const DEFAULT_CELL_COLOR: CellColor = { mode: 'default', value: -1 };

/** xterm's color-mode bits (Attributes.CM_P16 / CM_P256 / CM_RGB). */
const MODE_P16 = 0x1000000;
const MODE_P256 = 0x2000000;
const MODE_MASK = 0x3000000;

function colorOf(isDefault: boolean, isRgb: boolean, mode: number, value: number): CellColor {
  if (isDefault) return DEFAULT_CELL_COLOR;
  if (isRgb) return { mode: 'rgb', value };
  return { mode: mode === MODE_P16 ? 'p16' : 'p256', value };
}

/**
 * What xterm 6.0.0 stores for SGR 59 (underline color back to the default): -1 cut to its 26 color
 * bits, which is also what 58;2;255;255;255 stores. Read as the default, which is what 59 means.
 */
const UNDERLINE_COLOR_RESET = 0x3ffffff;

function underlineColorOf(packed: number | undefined): CellColor {
  if (packed === undefined || packed === -1 || packed === UNDERLINE_COLOR_RESET) return DEFAULT_CELL_COLOR;
  const mode = packed & MODE_MASK;
  if (mode === 0) return DEFAULT_CELL_COLOR;
  if (mode === MODE_P16 || mode === MODE_P256) return { mode: mode === MODE_P16 ? 'p16' : 'p256', value: packed & 0xff };
  return { mode: 'rgb', value: packed & 0xffffff };
}

function blankCell(): CellRecord {
  const flags = Object.fromEntries(FLAG_NAMES.map((name) => [name, false])) as Record<FlagName, boolean>;
  return { chars: ' ', width: 1, fg: DEFAULT_CELL_COLOR, bg: DEFAULT_CELL_COLOR, flags, underlineStyle: 'none', underlineColor: DEFAULT_CELL_COLOR };
}

/** The plain text of each row (wide characters once, trailing blanks kept): for "ready when" patterns. */
export function screenText(screen: ScreenRecord): string {
  return screen.cells.map((row) => row.map((cell) => cell.chars).join('')).join('\n');
}

/** A string that changes whenever anything compared changes: for "has the screen settled" checks. */
export function screenFingerprint(screen: ScreenRecord): string {
  return JSON.stringify(screen);
}

export interface CompareOptions {
  /** Aspects not compared, each with the reason (printed with every diff so it is never silent). */
  ignore?: Partial<Record<AspectName, string>>;
  /** Also compare cursor shape and blinking (position and visibility are always compared). */
  cursorStyle?: boolean;
  /**
   * Compare graphemes in this form (both sides), for a host that sends some glyphs in another form on
   * purpose; the reason is printed with every diff. Widths are always compared as they are.
   */
  glyphForm?: { reason: string; form: (chars: string, width: number) => string };
}

export interface CellMismatch {
  x: number;
  y: number;
  expected: CellRecord;
  actual: CellRecord;
  aspects: AspectName[];
}

export interface ScreenComparison {
  ok: boolean;
  sizeMismatch: boolean;
  cells: CellMismatch[];
  cursorMismatch: boolean;
}

/** Compares `actual` against `expected` cell by cell, then the cursor. */
export function compareScreens(expected: ScreenRecord, actual: ScreenRecord, options: CompareOptions = {}): ScreenComparison {
  const sizeMismatch = expected.cols !== actual.cols || expected.rows !== actual.rows;
  const cells: CellMismatch[] = [];
  if (!sizeMismatch) {
    for (let y = 0; y < expected.rows; y++) {
      for (let x = 0; x < expected.cols; x++) {
        const aspects = differingAspects(inGlyphForm(expected.cells[y][x], options), inGlyphForm(actual.cells[y][x], options), options.ignore ?? {});
        if (aspects.length > 0) cells.push({ x, y, expected: expected.cells[y][x], actual: actual.cells[y][x], aspects });
      }
    }
  }
  const cursorMismatch = !sameCursor(expected.cursor, actual.cursor, options.cursorStyle ?? true);
  return { ok: !sizeMismatch && cells.length === 0 && !cursorMismatch, sizeMismatch, cells, cursorMismatch };
}

function inGlyphForm(cell: CellRecord, options: CompareOptions): CellRecord {
  return options.glyphForm ? { ...cell, chars: options.glyphForm.form(cell.chars, cell.width) } : cell;
}

function differingAspects(a: CellRecord, b: CellRecord, ignore: Partial<Record<AspectName, string>>): AspectName[] {
  const out: AspectName[] = [];
  const check = (name: AspectName, same: boolean) => {
    if (!same && ignore[name] === undefined) out.push(name);
  };
  check('chars', a.chars === b.chars);
  check('width', a.width === b.width);
  check('fg', sameColor(a.fg, b.fg) || samePaletteIndex(a.fg, b.fg));
  check('bg', sameColor(a.bg, b.bg) || samePaletteIndex(a.bg, b.bg));
  check('paletteKind', !samePaletteIndex(a.fg, b.fg) && !samePaletteIndex(a.bg, b.bg));
  for (const name of FLAG_NAMES) check(name, a.flags[name] === b.flags[name]);
  check('underlineStyle', a.underlineStyle === b.underlineStyle);
  check('underlineColor', sameColor(a.underlineColor, b.underlineColor));
  return out;
}

function sameColor(a: CellColor, b: CellColor): boolean {
  return a.mode === b.mode && a.value === b.value;
}

/** The same palette index, one side selected as a 16-color SGR and the other as 38;5 / 48;5. */
function samePaletteIndex(a: CellColor, b: CellColor): boolean {
  const palette = (c: CellColor) => c.mode === 'p16' || c.mode === 'p256';
  return a.mode !== b.mode && palette(a) && palette(b) && a.value === b.value;
}

/** A hidden cursor's position means nothing to the user, so only visibility is compared then. */
function sameCursor(a: CursorRecord, b: CursorRecord, withStyle: boolean): boolean {
  if (a.visible !== b.visible) return false;
  if (!a.visible) return true;
  if (a.x !== b.x || a.y !== b.y) return false;
  return !withStyle || (a.style === b.style && a.blink === b.blink);
}

export function describeColor(color: CellColor): string {
  switch (color.mode) {
    case 'default':
      return 'default';
    case 'rgb':
      return `rgb:#${color.value.toString(16).padStart(6, '0')}`;
    default:
      return `${color.mode}:${color.value}`;
  }
}

export function describeCell(cell: CellRecord): string {
  const flags = FLAG_NAMES.filter((name) => cell.flags[name]).map((name) =>
    name === 'underline' && cell.underlineStyle !== 'single' ? `underline:${cell.underlineStyle}` : name,
  );
  const underlineColor = cell.underlineColor.mode === 'default' ? '' : ` ul=${describeColor(cell.underlineColor)}`;
  return `${JSON.stringify(cell.chars)} w${cell.width} fg=${describeColor(cell.fg)} bg=${describeColor(cell.bg)}${underlineColor} [${flags.join(' ')}]`;
}

function describeCursor(cursor: CursorRecord): string {
  if (!cursor.visible) return 'hidden';
  return `(${cursor.x},${cursor.y}) ${cursor.style}${cursor.blink ? ' blinking' : ''}`;
}

/** Each row as shown, one column per cell: a wide character's right half adds nothing. */
function rowText(row: CellRecord[]): string {
  return row.map((cell) => (cell.width === 0 ? '' : cell.chars)).join('');
}

/** Markers under the differing columns of a row, aligned with rowText (a wide character spans 2). */
function markerLine(row: CellRecord[], differing: Set<number>): string {
  let out = '';
  row.forEach((cell, x) => {
    if (cell.width === 0) return;
    const mark = differing.has(x) || (cell.width === 2 && differing.has(x + 1)) ? '^' : ' ';
    out += mark.repeat(Math.max(1, cell.width));
  });
  return out.trimEnd();
}

export interface DiffLabels {
  expected: string;
  actual: string;
}

/**
 * A readable report: the differing rows of both sides (with ^ under differing cells), then the first
 * `maxCells` differing cells with their attributes, then the cursors.
 */
export function formatDiff(
  expected: ScreenRecord,
  actual: ScreenRecord,
  comparison: ScreenComparison,
  labels: DiffLabels,
  options: CompareOptions & { maxCells?: number; maxRows?: number } = {},
): string {
  const lines: string[] = [];
  if (comparison.sizeMismatch) {
    lines.push(`size differs: ${labels.expected} ${expected.cols}x${expected.rows}, ${labels.actual} ${actual.cols}x${actual.rows}`);
  }
  const byRow = new Map<number, Set<number>>();
  for (const m of comparison.cells) {
    const set = byRow.get(m.y) ?? new Set<number>();
    set.add(m.x);
    byRow.set(m.y, set);
  }
  const width = Math.max(labels.expected.length, labels.actual.length);
  const maxRows = options.maxRows ?? 12;
  if (byRow.size > 0) lines.push(`${comparison.cells.length} cells differ on ${byRow.size} rows:`);
  [...byRow.entries()].slice(0, maxRows).forEach(([y, xs]) => {
    lines.push(`row ${String(y).padStart(2)} ${labels.expected.padEnd(width)} |${rowText(expected.cells[y])}|`);
    lines.push(`       ${labels.actual.padEnd(width)} |${rowText(actual.cells[y])}|`);
    lines.push(`       ${' '.repeat(width)}  ${markerLine(expected.cells[y], xs)}`);
  });
  if (byRow.size > maxRows) lines.push(`… and ${byRow.size - maxRows} more rows`);
  const maxCells = options.maxCells ?? 12;
  for (const m of comparison.cells.slice(0, maxCells)) {
    lines.push(`cell (${m.x},${m.y}) differs in ${m.aspects.join(', ')}:`);
    lines.push(`    ${labels.expected.padEnd(width)} ${describeCell(m.expected)}`);
    lines.push(`    ${labels.actual.padEnd(width)} ${describeCell(m.actual)}`);
  }
  if (comparison.cells.length > maxCells) lines.push(`… and ${comparison.cells.length - maxCells} more cells`);
  if (comparison.cursorMismatch) {
    lines.push(`cursor differs: ${labels.expected} ${describeCursor(expected.cursor)}, ${labels.actual} ${describeCursor(actual.cursor)}`);
  }
  const ignored = Object.entries(options.ignore ?? {});
  if (ignored.length > 0) lines.push(`not compared: ${ignored.map(([name, why]) => `${name} (${why})`).join('; ')}`);
  if (options.glyphForm) lines.push(`graphemes compared in one form: ${options.glyphForm.reason}`);
  return lines.join('\n');
}
