// An xterm cell's colors and underline in CellGrid's packing.

import type { IBufferCell, IBufferLine } from '@xterm/headless';
import { MAX_CELL_TEXT } from '../limits.js';
import { Attr, BLANK, DEFAULT_COLOR, PALETTE16, PALETTE256, RGB, UnderlineStyle, WIDE_CONTINUATION, withUnderlineStyle, type CellGrid } from './cellGrid.js';

/** xterm's color modes, as getFgColorMode() / getBgColorMode() report them (Attributes.CM_*). */
const XTERM_P16 = 0x1000000;
const XTERM_P256 = 0x2000000;
const XTERM_RGB = 0x3000000;
export const XTERM_MODE_MASK = 0x3000000;
/**
 * What xterm 6.0.0 stores for SGR 59 (underline color back to the default): -1 cut to the 26 color
 * bits. The same bits as `58;2;255;255;255`, so a pure white true-color underline reads as the default
 * too; resetting is by far the more common of the two.
 */
const XTERM_UNDERLINE_COLOR_RESET = 0x3ffffff;

/** A color from an xterm color mode and value (getFgColor(): palette index or 0xRRGGBB). */
export function colorFromXterm(mode: number, value: number): number {
  switch (mode) {
    case XTERM_P16:
      return PALETTE16 | (value & 0xff);
    case XTERM_P256:
      return PALETTE256 | (value & 0xff);
    case XTERM_RGB:
      return RGB | (value & 0xffffff);
    default:
      return DEFAULT_COLOR;
  }
}

export interface Underline {
  /** UnderlineStyle, 0–5. */
  style: number;
  /** Packed like CellGrid colors; DEFAULT_COLOR when the underline takes the text color. */
  color: number;
}

/**
 * The runtime cell object behind IBufferCell (xterm's CellData, an AttributeData) — not public API.
 * `hasExtendedAttrs()` says whether `extended` belongs to this cell: getCell() leaves a previous
 * cell's `extended` in place when the new one has none.
 */
interface XtermCellInternals {
  getUnderlineStyle(): number;
  hasExtendedAttrs(): number;
  extended: { underlineColor: number; urlId?: number };
}

function hasInternals(cell: object): cell is XtermCellInternals {
  const c = cell as Partial<XtermCellInternals>;
  return (
    typeof c.getUnderlineStyle === 'function' &&
    typeof c.hasExtendedAttrs === 'function' &&
    typeof c.extended === 'object' &&
    c.extended !== null &&
    typeof c.extended.underlineColor === 'number'
  );
}

/**
 * Fills `out` with the underline style and color of `cell`. The public IBufferCell only says
 * whether a cell is underlined; style (SGR 4:N, 21) and color (SGR 58) are read from xterm's
 * internals as of @xterm/headless 6.0.0 (pinned in package.json), checked at run time. Should
 * they change, underlined cells fall back to a plain single underline in the text color.
 * Note: xterm reports a hyperlinked (OSC 8) cell that is also SGR-underlined as dashed.
 */
export function readUnderline(cell: IBufferCell, out: Underline): void {
  if (!hasInternals(cell)) {
    out.style = cell.isUnderline() !== 0 ? UnderlineStyle.Single : UnderlineStyle.None;
    out.color = DEFAULT_COLOR;
    return;
  }
  // getUnderlineStyle() follows the SGR 4 bit; isUnderline() is also true for any OSC 8 link.
  out.style = cell.getUnderlineStyle();
  const packed = out.style !== UnderlineStyle.None && cell.hasExtendedAttrs() !== 0 ? cell.extended.underlineColor : 0;
  out.color = packed === XTERM_UNDERLINE_COLOR_RESET ? DEFAULT_COLOR : colorFromXterm(packed & XTERM_MODE_MASK, packed);
}

/** xterm's number for the OSC 8 link on `cell` (0: none), read like the underline from its internals. */
export function xtermLinkId(cell: IBufferCell): number {
  if (!hasInternals(cell) || cell.hasExtendedAttrs() === 0) return 0;
  const id = cell.extended.urlId;
  return typeof id === 'number' ? id : 0;
}

/** The terminal's registry of OSC 8 links (not public API in 6.0.0; absent means links are not passed on). */
interface XtermLinkService {
  getLinkData(id: number): { id?: string; uri: string } | undefined;
}

/** Looks up the target of xterm link `id` in `terminal`; undefined when unknown or the internals changed. */
export function xtermLinkTarget(terminal: object, id: number): { id?: string; uri: string } | undefined {
  const service = (terminal as { _core?: { _oscLinkService?: Partial<XtermLinkService> } })._core?._oscLinkService;
  if (typeof service?.getLinkData !== 'function') return undefined;
  const data = service.getLinkData(id);
  return data && typeof data.uri === 'string' ? data : undefined;
}

/** xterm's live DEC private mode flags (CoreService.decPrivateModes), not public API in 6.0.0. */
interface XtermCoreService {
  decPrivateModes: Record<string, unknown>;
}

/** The modes read this way: xterm's internal flag, and the public `modes` field that says the same. */
const PRIVATE_MODES = {
  synchronizedOutput: 'synchronizedOutputMode',
  applicationCursorKeys: 'applicationCursorKeysMode',
  bracketedPasteMode: 'bracketedPasteMode',
} as const;
type PrivateMode = keyof typeof PRIVATE_MODES;
type PublicModes = { [K in (typeof PRIVATE_MODES)[PrivateMode]]: boolean };

/**
 * Reads one DEC private mode of `terminal` straight from xterm's mode flags: the public `modes`
 * getter builds a fresh object of every mode on each call, and these are asked for every pane on
 * every frame (synchronized output) or every key (cursor keys, bracketed paste). Falls back to the
 * public getter should the internals change.
 */
export function privateModeReader(terminal: { modes: PublicModes }, mode: PrivateMode): () => boolean {
  const core = (terminal as { _core?: { coreService?: Partial<XtermCoreService> } })._core?.coreService;
  const publicName = PRIVATE_MODES[mode];
  if (!core || typeof core.decPrivateModes !== 'object' || core.decPrivateModes === null || typeof core.decPrivateModes[mode] !== 'boolean') {
    return () => terminal.modes[publicName];
  }
  // Read through the service each time: xterm replaces the flags object when the terminal resets.
  const service = core as XtermCoreService;
  return () => service.decPrivateModes[mode] === true;
}

/** xterm's mouse service (CoreMouseService.activeProtocol), not public API in 6.0.0. */
const MOUSE_PROTOCOLS: Record<string, 'x10' | 'vt200' | 'drag' | 'any'> = { X10: 'x10', VT200: 'vt200', DRAG: 'drag', ANY: 'any' };

/**
 * Reads the mouse tracking a program asked for straight from xterm's mouse service, like
 * privateModeReader (asked for every pane on every frame); the public getter otherwise.
 */
export function mouseTrackingReader(terminal: { modes: { mouseTrackingMode: 'none' | 'x10' | 'vt200' | 'drag' | 'any' } }): () => 'none' | 'x10' | 'vt200' | 'drag' | 'any' {
  const service = (terminal as { _core?: { coreMouseService?: { activeProtocol?: unknown } } })._core?.coreMouseService;
  if (!service || typeof service.activeProtocol !== 'string') return () => terminal.modes.mouseTrackingMode;
  return () => MOUSE_PROTOCOLS[service.activeProtocol as string] ?? 'none';
}

/**
 * The line behind the public IBufferLine (xterm's BufferLineApiView over a BufferLine): three uint32
 * per cell (content, fg, bg) and the graphemes of combined cells. Not public API: read as of
 * @xterm/headless 6.0.0 (pinned), checked at run time; without it the public cell API is used.
 */
interface XtermLineInternals {
  _line: { _data: Uint32Array; _combined: Record<number, string>; length: number };
}

/** xterm's cell data of `line` (three uint32 per cell, graphemes of combined cells); undefined if its internals changed. */
export function lineInternals(line: IBufferLine): XtermLineInternals['_line'] | undefined {
  const inner = (line as unknown as Partial<XtermLineInternals>)._line;
  return inner && inner._data instanceof Uint32Array && typeof inner._combined === 'object' ? inner : undefined;
}

/** Words per cell in xterm's line array (content, fg, bg). */
export const WORDS_PER_CELL = 3;

/**
 * The raw cell words of `line` (WORDS_PER_CELL per cell) when it has at least `width` cells;
 * undefined when xterm's internals are not there. Equal words of a row that copyLineCells called
 * plain mean equal cells.
 */
export function lineWords(line: IBufferLine, width: number): Uint32Array | undefined {
  const inner = lineInternals(line);
  return inner && inner.length >= width ? inner._data : undefined;
}

/** xterm's packing of a cell (Content, FgFlags, BgFlags, Attributes in its common/buffer/Constants). */
export const CONTENT_CODEPOINT_MASK = 0x1fffff;
export const CONTENT_IS_COMBINED = 0x200000;
export const CONTENT_WIDTH_SHIFT = 22;
const FG_INVERSE = 0x4000000;
const FG_BOLD = 0x8000000;
export const FG_UNDERLINE = 0x10000000;
const FG_BLINK = 0x20000000;
const FG_INVISIBLE = 0x40000000;
const FG_STRIKETHROUGH = 0x80000000;
const BG_ITALIC = 0x4000000;
const BG_DIM = 0x8000000;
export const BG_HAS_EXTENDED = 0x10000000;
const BG_OVERLINE = 0x40000000;

/**
 * The columns of `line` (at most `width`) up to its last cell that is not a blank without style:
 * what is worth keeping of it. All `width` when xterm's line data cannot be read.
 */
export function contentWidth(line: IBufferLine, width: number): number {
  const inner = lineInternals(line);
  if (!inner) return width;
  const data = inner._data;
  let end = Math.min(width, inner.length);
  while (end > 0) {
    const at = (end - 1) * 3;
    const content = data[at];
    const code = content & CONTENT_CODEPOINT_MASK;
    const blank = (code === 0 || code === BLANK) && (content & CONTENT_IS_COMBINED) === 0 && content >>> CONTENT_WIDTH_SHIFT === 1;
    if (!blank || data[at + 1] !== 0 || data[at + 2] !== 0) break;
    end--;
  }
  return end;
}

/**
 * Copies `width` cells of one xterm line into row `y` of `grid` from column `dx`, straight from
 * xterm's cell array (about 4× faster than the public cell API, whose method calls dominate a
 * frame's cost). Underlined and hyperlinked cells, whose style, color and link live in xterm's
 * extended attributes, go through the public API; `link` turns xterm's link number into the grid's.
 * `cell` and `underline` are scratch. Returns whether the row is plain: read from the cell array
 * alone, with no grapheme cluster or extended attribute, so its raw words (lineWords) say all of it.
 */
export function copyLineCells(
  line: IBufferLine,
  cell: IBufferCell,
  underline: Underline,
  grid: CellGrid,
  dx: number,
  y: number,
  width: number,
  link: (xtermId: number) => number,
  fromCol = 0,
  toCol = width,
): boolean {
  const inner = lineInternals(line);
  const slow = (col: number) => copyCellPublic(line, col, cell, underline, grid, dx, y, width, link);
  if (!inner) {
    for (let col = fromCol; col < toCol; col++) slow(col);
    return false;
  }
  let plain = inner.length >= width;
  const data = inner._data;
  if (y < 0 || y >= grid.rows || dx < 0) return false;
  width = Math.min(width, grid.cols - dx);
  toCol = Math.min(toCol, width);
  const end = Math.min(toCol, inner.length);
  // The hot path writes the grid's arrays itself, as setCode would (the span's edges released first).
  grid.releaseSpan(dx + fromCol, y, toCol - fromCol);
  const { codes, widths, fg: fgs, bg: bgs, attrs: attrList, ulColor } = grid;
  const rowStart = y * grid.cols + dx;
  for (let col = fromCol; col < end; col++) {
    const content = data[col * 3];
    const fgBits = data[col * 3 + 1];
    const bgBits = data[col * 3 + 2];
    const cellWidth = content >>> CONTENT_WIDTH_SHIFT;
    if (cellWidth === 0) continue; // right half of a wide char: written with its left half
    if ((fgBits & FG_UNDERLINE) !== 0 || (bgBits & BG_HAS_EXTENDED) !== 0) {
      slow(col);
      plain = false;
      continue;
    }
    let code = content & CONTENT_CODEPOINT_MASK;
    let cluster: string | undefined;
    if ((content & CONTENT_IS_COMBINED) !== 0) {
      plain = false;
      const chars = cellText(inner._combined[col] ?? '');
      code = chars.codePointAt(0) ?? BLANK;
      if (chars.length > (code > 0xffff ? 2 : 1)) cluster = chars;
    }
    const attrs = xtermAttrs(fgBits, bgBits);
    const fg = colorFromXterm(fgBits & XTERM_MODE_MASK, fgBits);
    const bg = colorFromXterm(bgBits & XTERM_MODE_MASK, bgBits);
    const i = rowStart + col;
    const wide = cellWidth === 2 && col + 1 < width;
    codes[i] = code === 0 ? BLANK : code;
    widths[i] = wide ? 2 : 1;
    fgs[i] = fg;
    bgs[i] = bg;
    attrList[i] = attrs;
    ulColor[i] = DEFAULT_COLOR;
    if (cluster !== undefined) grid.clusters.set(i, cluster);
    if (wide) {
      codes[i + 1] = WIDE_CONTINUATION;
      widths[i + 1] = 0;
      fgs[i + 1] = fg;
      bgs[i + 1] = bg;
      attrList[i + 1] = attrs;
      ulColor[i + 1] = DEFAULT_COLOR;
    }
  }
  for (let col = Math.max(end, fromCol); col < toCol; col++) slow(col);
  return plain;
}

/** CellGrid's attribute flags (but underline) from xterm's fg and bg words. */
export function xtermAttrs(fgBits: number, bgBits: number): number {
  let attrs = 0;
  if (fgBits & FG_BOLD) attrs |= Attr.Bold;
  if (bgBits & BG_DIM) attrs |= Attr.Dim;
  if (bgBits & BG_ITALIC) attrs |= Attr.Italic;
  if (fgBits & FG_BLINK) attrs |= Attr.Blink;
  if (fgBits & FG_INVERSE) attrs |= Attr.Inverse;
  if (fgBits & FG_INVISIBLE) attrs |= Attr.Invisible;
  if (fgBits & FG_STRIKETHROUGH) attrs |= Attr.Strikethrough;
  if (bgBits & BG_OVERLINE) attrs |= Attr.Overline;
  return attrs;
}

/** One cell through the public API (and the underline and link internals, checked). */
function copyCellPublic(
  line: IBufferLine,
  col: number,
  cell: IBufferCell,
  underline: Underline,
  grid: CellGrid,
  dx: number,
  y: number,
  width: number,
  link: (xtermId: number) => number,
): void {
  if (!line.getCell(col, cell)) return;
  const cellWidth = cell.getWidth();
  if (cellWidth === 0) return;
  const chars = cellText(cell.getChars());
  const code = chars.length === 0 ? BLANK : (chars.codePointAt(0) ?? BLANK);
  const cluster = chars.length > (code > 0xffff ? 2 : 1) ? chars : undefined;
  const fg = colorFromXterm(cell.getFgColorMode(), cell.getFgColor());
  const bg = colorFromXterm(cell.getBgColorMode(), cell.getBgColor());
  let attrs = attrsOf(cell);
  let ulColor = DEFAULT_COLOR;
  if (cell.isUnderline() !== 0) {
    readUnderline(cell, underline);
    attrs = withUnderlineStyle(attrs, underline.style);
    ulColor = underline.color;
  }
  grid.setCode(dx + col, y, code, cellWidth === 2 && col + 1 < width ? 2 : 1, fg, bg, attrs, ulColor, cluster);
  const linkId = xtermLinkId(cell);
  if (linkId !== 0) grid.setLink(dx + col, y, link(linkId));
}

/** The attribute flags of a cell but underline (see copyLineCells). */
function attrsOf(cell: IBufferCell): number {
  let attrs = 0;
  if (cell.isBold()) attrs |= Attr.Bold;
  if (cell.isDim()) attrs |= Attr.Dim;
  if (cell.isItalic()) attrs |= Attr.Italic;
  if (cell.isBlink()) attrs |= Attr.Blink;
  if (cell.isInverse()) attrs |= Attr.Inverse;
  if (cell.isInvisible()) attrs |= Attr.Invisible;
  if (cell.isStrikethrough()) attrs |= Attr.Strikethrough;
  if (cell.isOverline()) attrs |= Attr.Overline;
  return attrs;
}

/**
 * A cell's text as it goes to clients: one cell's text stays small, whatever a program piled onto it.
 * The first MAX_CELL_TEXT code units, never ending in half a surrogate pair.
 */
export function cellText(chars: string): string {
  if (chars.length <= MAX_CELL_TEXT) return chars;
  const last = chars.charCodeAt(MAX_CELL_TEXT - 1);
  return chars.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_CELL_TEXT - 1 : MAX_CELL_TEXT);
}
