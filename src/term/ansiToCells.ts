// Parses a frame of text as Ink writes it (plain text, line breaks, SGR styling) into a cell grid.

import {
  Attr,
  CellGrid,
  DEFAULT_COLOR,
  PALETTE16,
  UnderlineStyle,
  palette256Color,
  rgbColor,
  withUnderlineStyle,
} from './cellGrid.js';
import { graphemeWidth } from './textWidth.js';
import { graphemeSegmenter } from './graphemes.js';

const ESC = 0x1b;
const BEL = 0x07;
const TAB_STOP = 8;

/**
 * Characters that can make a grapheme of more than one BMP code unit: marks, format characters
 * (ZWJ), Hangul jamo, the one BMP Prepend letter, and everything outside the BMP (emoji, flags).
 * Text without them is one grapheme per code unit and skips the (slow) segmenter.
 */
const MAY_JOIN = /[\p{M}\p{Cf}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\u0D4E\u{10000}-\u{10FFFF}\uD800-\uDFFF]/u;

/** Where text is written next and with which colors and attributes. */
interface Pen {
  x: number;
  y: number;
  fg: number;
  bg: number;
  attrs: number;
  /** Underline color (SGR 58). */
  ulColor: number;
  /** The underline color cells are written with: ulColor while underlined, else the default. */
  cellUlColor: number;
  /** Column of the last cell written on this row, where a following combining mark attaches; -1 if none. */
  lastX: number;
}

/**
 * A `cols`×`rows` grid showing `text`: `\n` starts a line, lines longer than `cols` are cut,
 * lines past `rows` are dropped, SGR sequences style the text and any other escape sequence is skipped.
 */
export function ansiToCells(text: string, cols: number, rows: number): CellGrid {
  const grid = new CellGrid(cols, rows);
  const pen: Pen = { x: 0, y: 0, fg: DEFAULT_COLOR, bg: DEFAULT_COLOR, attrs: 0, ulColor: DEFAULT_COLOR, cellUlColor: DEFAULT_COLOR, lastX: -1 };
  const n = text.length;
  let i = 0;
  while (i < n && pen.y < grid.rows) {
    const c = text.charCodeAt(i);
    if (c === ESC) {
      i = escapeSequence(text, i, pen);
    } else if (c === 0x0a) {
      pen.y++;
      pen.x = 0;
      pen.lastX = -1;
      i++;
    } else if (c === 0x0d) {
      pen.x = 0;
      pen.lastX = -1;
      i++;
    } else if (c === 0x09) {
      pen.x = Math.min(grid.cols, (Math.floor(pen.x / TAB_STOP) + 1) * TAB_STOP);
      pen.lastX = -1;
      i++;
    } else if (isControl(c)) {
      i++;
    } else {
      i = printRun(grid, pen, text, i);
    }
  }
  return grid;
}

function isControl(c: number): boolean {
  return c < 0x20 || (c >= 0x7f && c < 0xa0);
}

/** Writes the printable text starting at `start` up to the next control character; returns where it ended. */
function printRun(grid: CellGrid, pen: Pen, text: string, start: number): number {
  let end = start;
  while (end < text.length && !isControl(text.charCodeAt(end))) end++;
  // Segmenting is slow, so only stretches with non-ASCII text go through Intl.Segmenter. An ASCII
  // character right before such a stretch joins it (it may start a cluster, like a keycap `1️⃣`).
  const plain = (k: number): boolean => k >= end || text.charCodeAt(k) < 0x7f;
  let k = start;
  while (k < end) {
    if (plain(k) && plain(k + 1)) {
      putAscii(grid, pen, text.charCodeAt(k));
      k++;
      continue;
    }
    let stretchEnd = k + 1;
    while (stretchEnd < end && !(plain(stretchEnd) && plain(stretchEnd + 1))) stretchEnd++;
    const stretch = text.slice(k, stretchEnd);
    if (MAY_JOIN.test(stretch)) {
      for (const { segment } of graphemeSegmenter.segment(stretch)) put(grid, pen, segment, graphemeWidth(segment));
    } else {
      for (const ch of stretch) put(grid, pen, ch, graphemeWidth(ch));
    }
    k = stretchEnd;
  }
  return end;
}

function put(grid: CellGrid, pen: Pen, grapheme: string, width: number): void {
  const { x, y } = pen;
  if (width === 0) {
    // A mark that Intl.Segmenter could not join (it began a run) combines with the cell before it.
    if (pen.lastX < 0) return;
    const i = grid.index(pen.lastX, y);
    grid.set(pen.lastX, y, grid.textAt(i) + grapheme, grid.widths[i], grid.fg[i], grid.bg[i], grid.attrs[i], grid.ulColor[i]);
    return;
  }
  if (x + width > grid.cols) {
    pen.x = grid.cols;
    pen.lastX = -1;
    return;
  }
  clearOverlap(grid, x, y, width);
  grid.set(x, y, grapheme, width, pen.fg, pen.bg, pen.attrs, pen.cellUlColor);
  pen.lastX = x;
  pen.x = x + width;
}

/**
 * put() for one printable ASCII character, the bulk of a chrome frame (a 200×50 frame is 10,000 of
 * them): its code goes into the cell as it is, without a string per character.
 */
function putAscii(grid: CellGrid, pen: Pen, code: number): void {
  const { x, y } = pen;
  if (x >= grid.cols) {
    pen.x = grid.cols;
    pen.lastX = -1;
    return;
  }
  if (grid.widths[grid.index(x, y)] !== 1) clearOverlap(grid, x, y, 1);
  grid.setCode(x, y, code, 1, pen.fg, pen.bg, pen.attrs, pen.cellUlColor);
  pen.lastX = x;
  pen.x = x + 1;
}

/** Text written over part of a wide character (after a `\r`) leaves no half of it behind. */
function clearOverlap(grid: CellGrid, x: number, y: number, width: number): void {
  const i = grid.index(x, y);
  if (grid.widths[i] === 0 && x > 0) grid.set(x - 1, y, '', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
  const last = x + width - 1;
  if (grid.widths[i + width - 1] === 2 && last + 1 < grid.cols) grid.set(last + 1, y, '', 1, DEFAULT_COLOR, DEFAULT_COLOR, 0);
}

/** Consumes the escape sequence at `start` (applying it if it is SGR) and returns the index after it. */
function escapeSequence(text: string, start: number, pen: Pen): number {
  const n = text.length;
  const kind = text.charCodeAt(start + 1);
  if (kind === 0x5b /* [ */) {
    let k = start + 2;
    while (k < n && text.charCodeAt(k) >= 0x30 && text.charCodeAt(k) <= 0x3f) k++;
    const paramsEnd = k;
    while (k < n && text.charCodeAt(k) >= 0x20 && text.charCodeAt(k) <= 0x2f) k++;
    if (k >= n) return n;
    const final = text.charCodeAt(k);
    if (final < 0x40 || final > 0x7e) return k; // malformed: resume at the stray character
    const params = text.slice(start + 2, paramsEnd);
    if (final === 0x6d /* m */ && paramsEnd === k && !/^[<=>?]/.test(params)) applySgr(pen, params);
    return k + 1;
  }
  // OSC, DCS, SOS, PM, APC: a string ended by ST (ESC \), or BEL for OSC.
  if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
    for (let k = start + 2; k < n; k++) {
      const c = text.charCodeAt(k);
      if (c === BEL && kind === 0x5d) return k + 1;
      if (c === ESC && text.charCodeAt(k + 1) === 0x5c) return k + 2;
    }
    return n;
  }
  // Other escapes: intermediates, then one final character.
  let k = start + 1;
  while (k < n && text.charCodeAt(k) >= 0x20 && text.charCodeAt(k) <= 0x2f) k++;
  return Math.min(n, k + 1);
}

const ATTR_ON: Readonly<Record<number, number>> = {
  1: Attr.Bold,
  2: Attr.Dim,
  3: Attr.Italic,
  5: Attr.Blink,
  6: Attr.Blink,
  7: Attr.Inverse,
  8: Attr.Invisible,
  9: Attr.Strikethrough,
  53: Attr.Overline,
};

const ATTR_OFF: Readonly<Record<number, number>> = {
  22: Attr.Bold | Attr.Dim,
  23: Attr.Italic,
  25: Attr.Blink,
  27: Attr.Inverse,
  28: Attr.Invisible,
  29: Attr.Strikethrough,
  55: Attr.Overline,
};

function applySgr(pen: Pen, params: string): void {
  const fields = params.split(';');
  for (let k = 0; k < fields.length; k++) {
    const field = fields[k];
    if (field.includes(':')) {
      applySubParams(pen, field.split(':'));
      continue;
    }
    const code = toInt(field);
    if (code === 38 || code === 48 || code === 58) {
      const mode = toInt(fields[k + 1]);
      const args = mode === 5 ? 1 : mode === 2 ? 3 : 0;
      const color = extendedColor(mode, fields.slice(k + 2, k + 2 + args).map(toInt));
      k += 1 + args;
      if (color !== undefined) setColor(pen, code, color);
      continue;
    }
    applyCode(pen, code);
  }
  pen.cellUlColor = (pen.attrs & Attr.Underline) !== 0 ? pen.ulColor : DEFAULT_COLOR;
}

function applyCode(pen: Pen, code: number): void {
  if (code === 0) {
    pen.fg = DEFAULT_COLOR;
    pen.bg = DEFAULT_COLOR;
    pen.attrs = 0;
    pen.ulColor = DEFAULT_COLOR;
  } else if (ATTR_ON[code] !== undefined) pen.attrs |= ATTR_ON[code];
  else if (ATTR_OFF[code] !== undefined) pen.attrs &= ~ATTR_OFF[code];
  else if (code === 4) pen.attrs = withUnderlineStyle(pen.attrs, UnderlineStyle.Single);
  else if (code === 21) pen.attrs = withUnderlineStyle(pen.attrs, UnderlineStyle.Double);
  else if (code === 24) pen.attrs = withUnderlineStyle(pen.attrs, UnderlineStyle.None);
  else if (code >= 30 && code <= 37) pen.fg = PALETTE16 | (code - 30);
  else if (code >= 90 && code <= 97) pen.fg = PALETTE16 | (code - 90 + 8);
  else if (code === 39) pen.fg = DEFAULT_COLOR;
  else if (code >= 40 && code <= 47) pen.bg = PALETTE16 | (code - 40);
  else if (code >= 100 && code <= 107) pen.bg = PALETTE16 | (code - 100 + 8);
  else if (code === 49) pen.bg = DEFAULT_COLOR;
  else if (code === 59) pen.ulColor = DEFAULT_COLOR;
}

/**
 * Colon forms: `38:5:n`, `38:2::r:g:b` (with color space id) or `38:2:r:g:b`, the same for 48 and 58;
 * `4:n` underline styles (an empty or unknown style is a single underline, as in xterm).
 */
function applySubParams(pen: Pen, fields: string[]): void {
  const sub = fields.map(toInt);
  const [code, mode] = sub;
  if (code === 4) {
    pen.attrs = withUnderlineStyle(pen.attrs, fields[1] === '' ? UnderlineStyle.Single : mode);
    return;
  }
  if (code !== 38 && code !== 48 && code !== 58) return;
  const args = mode === 2 && sub.length >= 6 ? sub.slice(3, 6) : sub.slice(2);
  const color = extendedColor(mode, args);
  if (color !== undefined) setColor(pen, code, color);
}

function setColor(pen: Pen, code: number, color: number): void {
  if (code === 38) pen.fg = color;
  else if (code === 48) pen.bg = color;
  else pen.ulColor = color;
}

function extendedColor(mode: number, args: number[]): number | undefined {
  if (mode === 5 && args.length >= 1) return palette256Color(args[0]);
  if (mode === 2 && args.length >= 3) return rgbColor(args[0], args[1], args[2]);
  return undefined;
}

function toInt(field: string | undefined): number {
  if (field === undefined || field === '') return 0;
  const value = Number.parseInt(field, 10);
  return Number.isNaN(value) ? 0 : value;
}
