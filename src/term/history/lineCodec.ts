// One line of history as bytes: a row of cells (text, width, colors, attributes, underline color,
// hyperlink) packed about as small as the text itself. Layout of a line:
//   varint cells      columns kept (trailing blank, unstyled cells are dropped)
//   u8     flags      bit 0: the line continues the one above it (a soft wrap)
//   style runs        until they cover the cells: varint length in cells, u8 mask of the fields that
//                     differ from the run before (fg, bg, attrs, underline color, link), those as varints
//   text              the cells left to right (a wide character's right half is implied):
//                     UTF-8 of a one-code-point, one-column cell; 0x01 + UTF-8 for a wide character;
//                     0x02 / 0x03 + varint length + UTF-8 for a several-code-point grapheme of width
//                     1 / 2; 0x04 + varint count for a run of plain spaces. Cells never hold C0 controls,
//                     so these markers cannot be mistaken for text.

import { BLANK, DEFAULT_COLOR, type CellGrid } from '../cellGrid.js';
import { ByteReader, type ByteWriter } from './bytes.js';

const FLAG_WRAPPED = 1;

const FG = 1;
const BG = 2;
const ATTRS = 4;
const UNDERLINE = 8;
const LINK = 16;

const WIDE = 0x01;
const CLUSTER = 0x02;
const WIDE_CLUSTER = 0x03;
const SPACES = 0x04;
/** Fewer plain spaces than this are written as they are. */
const MIN_SPACE_RUN = 3;

/** CellGrid packs a color as kind << 24 | value; stored as value * 4 + kind, so palette colors take one or two bytes. */
const packColor = (color: number) => (color & 0xffffff) * 4 + (color >>> 24);
const unpackColor = (packed: number) => (((packed & 3) << 24) | Math.floor(packed / 4)) >>> 0;

/** The columns of row `y` worth keeping: up to the last one that is not a blank, unstyled cell. */
export function keptCells(grid: CellGrid, y: number, width: number): number {
  let end = Math.min(width, grid.cols);
  const row = y * grid.cols;
  while (end > 0) {
    const i = row + end - 1;
    if (grid.codes[i] !== BLANK || grid.widths[i] !== 1 || grid.fg[i] !== 0 || grid.bg[i] !== 0 || grid.attrs[i] !== 0 || grid.ulColor[i] !== 0) break;
    if (grid.clusters.size > 0 && grid.clusters.has(i)) break;
    if (grid.links.size > 0 && grid.links.has(i)) break;
    end--;
  }
  return end;
}

/** Appends columns [0, cells) of row `y` of `grid` to `out`. */
export function encodeLine(grid: CellGrid, y: number, cells: number, wrapped: boolean, out: ByteWriter): void {
  const row = y * grid.cols;
  writeLineHeader(out, cells, wrapped);
  const runs = new RunWriter();
  for (let x = 0; x < cells; ) {
    const i = row + x;
    let length = 1;
    while (x + length < cells && sameStyle(grid, i + length, i)) length++;
    runs.write(out, length, grid.fg[i], grid.bg[i], grid.attrs[i], grid.ulColor[i], grid.linkAt(i));
    x += length;
  }
  for (let x = 0; x < cells; x++) {
    const i = row + x;
    const width = grid.widths[i];
    if (width === 0) continue;
    const code = grid.codes[i];
    const cluster = grid.clusters.size > 0 ? grid.clusters.get(i) : undefined;
    if (code === BLANK && cluster === undefined && width === 1) {
      let count = 1;
      while (x + count < cells && grid.codes[i + count] === BLANK && grid.widths[i + count] === 1 && !grid.clusters.has(i + count)) count++;
      writeSpaces(out, count);
      x += count - 1;
    } else {
      writeCell(out, code, width, cluster);
    }
  }
}

export function writeLineHeader(out: ByteWriter, cells: number, wrapped: boolean): void {
  out.varint(cells);
  out.byte(wrapped ? FLAG_WRAPPED : 0);
}

/** Writes a line's style runs, each as the fields that changed since the run before. */
export class RunWriter {
  private fg = DEFAULT_COLOR;
  private bg = DEFAULT_COLOR;
  private attrs = 0;
  private ul = DEFAULT_COLOR;
  private link = 0;

  /** A new line starts from the default style. */
  reset(): void {
    this.fg = DEFAULT_COLOR;
    this.bg = DEFAULT_COLOR;
    this.attrs = 0;
    this.ul = DEFAULT_COLOR;
    this.link = 0;
  }

  write(out: ByteWriter, length: number, fg: number, bg: number, attrs: number, ul: number, link: number): void {
    let mask = 0;
    if (fg !== this.fg) mask |= FG;
    if (bg !== this.bg) mask |= BG;
    if (attrs !== this.attrs) mask |= ATTRS;
    if (ul !== this.ul) mask |= UNDERLINE;
    if (link !== this.link) mask |= LINK;
    out.varint(length);
    out.byte(mask);
    if (mask & FG) out.varint(packColor((this.fg = fg)));
    if (mask & BG) out.varint(packColor((this.bg = bg)));
    if (mask & ATTRS) out.varint((this.attrs = attrs));
    if (mask & UNDERLINE) out.varint(packColor((this.ul = ul)));
    if (mask & LINK) out.varint((this.link = link));
  }
}

/** `count` plain spaces. */
export function writeSpaces(out: ByteWriter, count: number): void {
  if (count < MIN_SPACE_RUN) {
    for (let k = 0; k < count; k++) out.byte(BLANK);
    return;
  }
  out.byte(SPACES);
  out.varint(count);
}

/** One cell's text: `cluster` is its whole grapheme when that is more than one code point. */
export function writeCell(out: ByteWriter, code: number, width: number, cluster: string | undefined): void {
  if (cluster !== undefined || code < 0x20) {
    out.byte(width === 2 ? WIDE_CLUSTER : CLUSTER);
    out.lengthPrefixedUtf8(cluster ?? String.fromCodePoint(code));
  } else if (width === 2) {
    out.byte(WIDE);
    out.codePoint(code);
  } else {
    out.codePoint(code);
  }
}

function sameStyle(grid: CellGrid, a: number, b: number): boolean {
  return (
    grid.fg[a] === grid.fg[b] &&
    grid.bg[a] === grid.bg[b] &&
    grid.attrs[a] === grid.attrs[b] &&
    grid.ulColor[a] === grid.ulColor[b] &&
    grid.linkAt(a) === grid.linkAt(b)
  );
}

/** Whether the line encoded at `offset` continues the one above it. */
export function isWrappedLine(bytes: Uint8Array, offset: number): boolean {
  const reader = new ByteReader(bytes, offset);
  reader.varint();
  return (reader.byte() & FLAG_WRAPPED) !== 0;
}

/** Scratch for decoding style runs (grown as needed; decoding is synchronous). */
let runLength = new Int32Array(64);
let runFg = new Uint32Array(64);
let runBg = new Uint32Array(64);
let runAttrs = new Uint32Array(64);
let runUl = new Uint32Array(64);
let runLink = new Uint32Array(64);

function growRuns(count: number): void {
  if (count <= runLength.length) return;
  const size = Math.max(count, runLength.length * 2);
  const grow = <T extends Int32Array | Uint32Array>(old: T, fresh: T): T => {
    fresh.set(old);
    return fresh;
  };
  runLength = grow(runLength, new Int32Array(size));
  runFg = grow(runFg, new Uint32Array(size));
  runBg = grow(runBg, new Uint32Array(size));
  runAttrs = grow(runAttrs, new Uint32Array(size));
  runUl = grow(runUl, new Uint32Array(size));
  runLink = grow(runLink, new Uint32Array(size));
}

/** Reads the style runs that cover `cells` into the scratch arrays; returns how many there are. */
function readRuns(reader: ByteReader, cells: number): number {
  let fg = DEFAULT_COLOR;
  let bg = DEFAULT_COLOR;
  let attrs = 0;
  let ul = DEFAULT_COLOR;
  let link = 0;
  let r = 0;
  for (let covered = 0; covered < cells; r++) {
    growRuns(r + 1);
    runLength[r] = reader.varint();
    covered += runLength[r];
    const mask = reader.byte();
    if (mask & FG) fg = unpackColor(reader.varint());
    if (mask & BG) bg = unpackColor(reader.varint());
    if (mask & ATTRS) attrs = reader.varint();
    if (mask & UNDERLINE) ul = unpackColor(reader.varint());
    if (mask & LINK) link = reader.varint();
    runFg[r] = fg;
    runBg[r] = bg;
    runAttrs[r] = attrs;
    runUl[r] = ul;
    runLink[r] = link;
  }
  return r;
}

/**
 * Writes the line encoded at `offset` into row `y` of `grid` from column `dx`, `width` columns wide:
 * cells past the line's end are blank, cells past `width` are cut (a wide character that would
 * straddle the edge is drawn one column wide, as a live line is).
 */
export function decodeLine(bytes: Uint8Array, offset: number, grid: CellGrid, dx: number, y: number, width: number): void {
  const reader = new ByteReader(bytes, offset);
  const cells = reader.varint();
  reader.byte(); // flags
  const runs = readRuns(reader, cells);
  const end = Math.min(cells, width);
  let run = 0;
  let runEnd = runs > 0 ? runLength[0] : cells;
  let x = 0;
  const put = (code: number, cellWidth: number, cluster: string | undefined) => {
    while (x >= runEnd && run + 1 < runs) runEnd += runLength[++run];
    if (x < end) {
      grid.setCode(dx + x, y, code, cellWidth === 2 && x + 1 < width ? 2 : 1, runFg[run], runBg[run], runAttrs[run], runUl[run], cluster);
      if (runLink[run] !== 0) grid.setLink(dx + x, y, runLink[run]);
    }
    x += cellWidth;
  };
  while (x < end) {
    const marker = reader.peek();
    if (marker === SPACES) {
      reader.byte();
      const count = reader.varint();
      for (let k = 0; k < count && x < end; k++) put(BLANK, 1, undefined);
    } else if (marker === CLUSTER || marker === WIDE_CLUSTER) {
      reader.byte();
      const text = reader.lengthPrefixedUtf8();
      const code = text.codePointAt(0) ?? BLANK;
      put(code, marker === WIDE_CLUSTER ? 2 : 1, text.length > (code > 0xffff ? 2 : 1) ? text : undefined);
    } else if (marker === WIDE) {
      reader.byte();
      put(reader.codePoint(), 2, undefined);
    } else {
      put(reader.codePoint(), 1, undefined);
    }
  }
  if (end < width) grid.clear(dx + end, y, width - end, 1);
}
