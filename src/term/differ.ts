// The screen differ: the bytes that turn an outer terminal showing one cell grid into one showing another.

import { attrParams } from './attrParams.js';
import { ATTR_FLAGS, Attr, BLANK, CellGrid, DEFAULT_COLOR, UNDERLINE_STYLE_BITS } from './cellGrid.js';
import { bgParams, fgParams, underlineColorParams } from './colors.js';
import { CLOSE_HYPERLINK, hyperlinkSequence } from './hyperlinks.js';
import { isEmojiModifier, isRegionalIndicator, opensFlag, outerGlyph } from './outerGlyph.js';
import type { RowChanges } from './rowChanges.js';
import { graphemeWidth } from './textWidth.js';

export interface DiffOptions {
  /** The outer terminal understands `38;2;r;g;b`; without it true colors become their nearest palette color. */
  trueColor: boolean;
  /** Leave the last pen set instead of ending with `ESC[0m` (for a caller that resets it itself). */
  leavePen?: boolean;
  /**
   * The only cells that may differ (a caller that knows what it wrote): cells outside a row's span,
   * and rows without one, are not compared cell by cell; their clusters and links still are.
   */
  changes?: RowChanges;
}

const CSI = '\x1b[';
const SGR_RESET = `${CSI}0m`;
const ERASE_TO_END_OF_LINE = `${CSI}K`;

// Copies of cellGrid's constants for the per-cell code: under vitest's module runner, where the
// timings in differ.test.ts are taken, every read of an imported binding is a getter call.
const DEFAULT = DEFAULT_COLOR;
const BLANK_CODE = BLANK;
const FLAGS = ATTR_FLAGS;
const STYLE_BITS = UNDERLINE_STYLE_BITS;
const UNDERLINE_AND_STYLE = Attr.Underline | UNDERLINE_STYLE_BITS;

/** Unchanged plain cells up to this many are rewritten instead of skipped: fewer bytes than `ESC[nC`. */
const MAX_REWRITE_GAP = 3;
/** A blank tail of a row at least this long is erased with `ESC[K` instead of written as spaces. */
const MIN_ERASE_RUN = 4;

/**
 * Bytes that turn an outer terminal showing `prev` into one showing `next`; '' when nothing differs.
 * `prev === null` or a size change repaints everything. Assumes the outer terminal's pen is reset
 * when it starts and (unless `leavePen`) leaves it reset, so frames can be chained. A hyperlink is
 * always closed at the end, whatever `leavePen` says.
 */
export function diffFrames(prev: CellGrid | null, next: CellGrid, opts: DiffOptions): string {
  const full = prev === null || prev.cols !== next.cols || prev.rows !== next.rows;
  const writer = new DiffWriter(next, opts.trueColor);
  if (full) writer.home();
  const clusterChanges = full ? [] : changedSparseCells(prev, next);
  let nextClusterChange = 0;
  const { cols, rows } = next;
  const changes = opts.changes;

  for (let y = 0; y < rows; y++) {
    const rowStart = y * cols;
    const rowEnd = rowStart + cols;
    // The cells that may differ: rowStart + spanFrom up to rowStart + spanTo.
    const spanFrom = changes === undefined ? 0 : changes.from[y];
    const spanTo = changes === undefined ? cols : changes.to[y];
    let blankFrom = -1;
    let x = 0;
    while (x < cols) {
      let i = rowStart + x;
      if (!full) {
        const from = i;
        if (x >= spanTo) i = rowEnd;
        else {
          i = firstDifference(prev, next, rowStart + Math.max(x, spanFrom), rowStart + spanTo);
          if (i >= rowStart + spanTo) i = rowEnd;
        }
        while (nextClusterChange < clusterChanges.length && clusterChanges[nextClusterChange] < from) nextClusterChange++;
        if (nextClusterChange < clusterChanges.length && clusterChanges[nextClusterChange] < i) i = clusterChanges[nextClusterChange];
        if (i >= rowEnd) break;
        x = i - rowStart;
      }
      if (blankFrom < 0) blankFrom = blankTailStart(next, y);
      if (x >= blankFrom && cols - x >= MIN_ERASE_RUN) {
        writer.eraseToEndOfLine(x, y);
        break;
      }
      // A changed right half means the whole wide character (or flag) is written again.
      const left = (next.widths[i] === 0 && x > 0 && next.widths[i - 1] === 2) || closesFlag(next, i, x) ? x - 1 : x;
      x = left + writer.cell(left, y);
    }
  }
  writer.setLink(0);
  if (!opts.leavePen) writer.resetPen();
  return writer.out;
}

/**
 * The first cell index from `from` (up to `end`) whose code point, width, colors or attributes
 * differ (clusters and links are compared by changedSparseCells). The hot loop of a small change: the arrays are
 * held in locals so it is a tight scan.
 */
function firstDifference(a: CellGrid, b: CellGrid, from: number, end: number): number {
  const { codes: aCodes, widths: aWidths, fg: aFg, bg: aBg, attrs: aAttrs, ulColor: aUl } = a;
  const { codes: bCodes, widths: bWidths, fg: bFg, bg: bBg, attrs: bAttrs, ulColor: bUl } = b;
  let i = from;
  while (
    i < end &&
    aCodes[i] === bCodes[i] &&
    aFg[i] === bFg[i] &&
    aBg[i] === bBg[i] &&
    aAttrs[i] === bAttrs[i] &&
    aWidths[i] === bWidths[i] &&
    aUl[i] === bUl[i]
  ) {
    i++;
  }
  return i;
}

/** Cell indices, ascending, whose multi-code-point grapheme or hyperlink differs between the grids. */
function changedSparseCells(a: CellGrid, b: CellGrid): number[] {
  const changed: number[] = [];
  for (const [i, text] of a.clusters) if (b.clusters.get(i) !== text) changed.push(i);
  for (const i of b.clusters.keys()) if (!a.clusters.has(i)) changed.push(i);
  for (const [i, link] of a.links) if (b.links.get(i) !== link) changed.push(i);
  for (const i of b.links.keys()) if (!a.links.has(i)) changed.push(i);
  return changed.sort((m, n) => m - n);
}

/** The cell at row index `i` (column x) is the second regional indicator of a flag written as one. */
function closesFlag(g: CellGrid, i: number, x: number): boolean {
  return x > 0 && isRegionalIndicator(g.codes[i]) && isFlagPair(g, i - 1, x - 1);
}

/**
 * The cells at row index `i` (column x) and the next are a flag written in one piece: two regional
 * indicators paired as a terminal pairs them, one cell each, with one look (pen, link) and no cluster.
 */
function isFlagPair(g: CellGrid, i: number, x: number): boolean {
  const j = i + 1;
  if (x + 1 >= g.cols || !isRegionalIndicator(g.codes[i]) || g.widths[i] !== 1 || g.widths[j] !== 1) return false;
  if (g.fg[j] !== g.fg[i] || g.bg[j] !== g.bg[i] || g.attrs[j] !== g.attrs[i] || g.ulColor[j] !== g.ulColor[i] || g.linkAt(j) !== g.linkAt(i)) return false;
  if (g.clusters.size > 0 && (g.clusters.has(i) || g.clusters.has(j))) return false;
  const rowStart = i - x;
  return opensFlag((c) => g.codes[rowStart + c], x, g.cols);
}

/** A cell an erase produces: a space with default colors and no attributes. */
function isErasedCell(g: CellGrid, i: number): boolean {
  return (
    g.codes[i] === BLANK_CODE &&
    g.widths[i] === 1 &&
    g.fg[i] === DEFAULT &&
    g.bg[i] === DEFAULT &&
    g.attrs[i] === 0 &&
    g.ulColor[i] === DEFAULT &&
    (g.clusters.size === 0 || !g.clusters.has(i)) &&
    (g.links.size === 0 || !g.links.has(i))
  );
}

/** First column from which row `y` is erased cells only (`cols` when its last cell is not). */
function blankTailStart(g: CellGrid, y: number): number {
  const rowStart = y * g.cols;
  let x = g.cols;
  while (x > 0 && isErasedCell(g, rowStart + x - 1)) x--;
  return x;
}

/** Cursor and pen state of the outer terminal while one diff is written. */
class DiffWriter {
  out = '';
  /**
   * Cursor column, -1 when unknown: after a non-ASCII glyph (whose width the outer terminal may
   * measure differently) or after writing the last column (a wrap is pending). Moves from an
   * unknown column are absolute.
   */
  private x = -1;
  /** Cursor row, -1 when unknown (after a cluster, or a non-ASCII glyph in the last columns, might have wrapped). */
  private y = -1;
  private fg = DEFAULT;
  private bg = DEFAULT;
  private attrs = 0;
  private ulColor = DEFAULT;
  /** The open hyperlink (0: none). */
  private link = 0;

  constructor(
    private readonly grid: CellGrid,
    private readonly trueColor: boolean,
  ) {}

  home(): void {
    this.out += `${CSI}H${SGR_RESET}`;
    this.x = 0;
    this.y = 0;
    this.fg = DEFAULT;
    this.bg = DEFAULT;
    this.attrs = 0;
    this.ulColor = DEFAULT;
  }

  resetPen(): void {
    if (this.fg !== DEFAULT || this.bg !== DEFAULT || this.attrs !== 0 || this.ulColor !== DEFAULT) {
      this.out += SGR_RESET;
    }
    this.fg = DEFAULT;
    this.bg = DEFAULT;
    this.attrs = 0;
    this.ulColor = DEFAULT;
  }

  eraseToEndOfLine(x: number, y: number): void {
    this.moveTo(x, y);
    this.setLink(0);
    this.resetPen();
    this.out += ERASE_TO_END_OF_LINE;
  }

  /** Writes the cell at (x, y) and returns how many columns it covered. */
  cell(x: number, y: number): number {
    const g = this.grid;
    const i = y * g.cols + x;
    const code = g.codes[i];
    const cluster = g.clusters.size > 0 ? g.clusters.get(i) : undefined;
    // A wide character without its right half (or a right half without its left) cannot be shown: blank it.
    const wide = g.widths[i] === 2 && x + 1 < g.cols && g.widths[i + 1] === 0;
    const broken = !wide && g.widths[i] !== 1;

    this.moveTo(x, y);
    this.setPen(g.fg[i], g.bg[i], g.attrs[i], g.ulColor[i]);
    if (g.links.size > 0 || this.link !== 0) this.setLink(g.linkAt(i));
    if (broken || (cluster === undefined && code >= 0x20 && code < 0x7f)) {
      this.out += broken ? ' ' : String.fromCharCode(code);
      // In the last column the cursor stays on this row with a wrap pending: its column is unknown.
      this.x = x + 1 < g.cols ? x + 1 : -1;
      return 1;
    }

    let text = cluster ?? String.fromCodePoint(code);
    // Controls never reach the outer terminal; a wide glyph in a narrow last cell would wrap (or scroll).
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) text = ' ';
    else if (!wide && x === g.cols - 1 && graphemeWidth(text) === 2) text = ' ';
    const width = wide ? 2 : 1;
    if (cluster === undefined && isFlagPair(g, i, x)) {
      this.out += String.fromCodePoint(code, g.codes[i + 1]);
      if (x + 2 >= g.cols) this.forgetCursor();
      else this.x = -1;
      return 2;
    }
    // Erased first: a terminal that joins the modifier to the emoji before it leaves these cells unwritten.
    if (cluster === undefined && wide && isEmojiModifier(code)) this.out += `${CSI}2X`;
    this.out += cluster === undefined ? text : outerGlyph(text, width);
    // The outer terminal may measure this glyph differently: the next write needs an absolute move.
    // A cluster may even be drawn wider than two cells and wrap, so its row is not trusted either.
    if (cluster !== undefined || x + width >= g.cols) this.forgetCursor();
    else this.x = -1;
    return width;
  }

  /** Opens hyperlink `link` for the cells written next, or closes the open one (0). */
  setLink(link: number): void {
    if (link === this.link) return;
    this.out += link === 0 ? CLOSE_HYPERLINK : hyperlinkSequence(link);
    this.link = link;
  }

  private forgetCursor(): void {
    this.x = -1;
    this.y = -1;
  }

  private moveTo(x: number, y: number): void {
    if (this.y === y) {
      if (this.x === x) return;
      if (this.x >= 0 && x > this.x) {
        const gap = x - this.x;
        if (gap <= MAX_REWRITE_GAP && this.rewriteGap(this.x, x, y)) return;
        this.out += gap === 1 ? `${CSI}C` : `${CSI}${gap}C`;
      } else {
        this.out += x === 0 ? '\r' : `${CSI}${x + 1}G`;
      }
    } else if (x === 0 && this.y >= 0 && y === this.y + 1) {
      // The row below exists (y < rows), so this line feed cannot scroll.
      this.out += '\r\n';
    } else if (x === 0) {
      this.out += y === 0 ? `${CSI}H` : `${CSI}${y + 1}H`;
    } else {
      this.out += `${CSI}${y + 1};${x + 1}H`;
    }
    this.x = x;
    this.y = y;
  }

  /** Writes the unchanged cells from..to-1 again when they are plain ASCII in the current pen. */
  private rewriteGap(from: number, to: number, y: number): boolean {
    const g = this.grid;
    const rowStart = y * g.cols;
    let text = '';
    for (let x = from; x < to; x++) {
      const i = rowStart + x;
      const code = g.codes[i];
      if (code < 0x20 || code >= 0x7f || g.widths[i] !== 1) return false;
      if (g.fg[i] !== this.fg || g.bg[i] !== this.bg || g.attrs[i] !== this.attrs || g.ulColor[i] !== this.ulColor) return false;
      if (g.clusters.size > 0 && g.clusters.has(i)) return false;
      if (g.linkAt(i) !== this.link) return false;
      text += String.fromCharCode(code);
    }
    this.out += text;
    this.x = to;
    return true;
  }

  /** Kept apart from changePen so it stays small enough to be inlined into the per-cell code. */
  private setPen(fg: number, bg: number, attrs: number, ulColor: number): void {
    if (fg !== this.fg || bg !== this.bg || attrs !== this.attrs || ulColor !== this.ulColor) this.changePen(fg, bg, attrs, ulColor);
  }

  private changePen(fg: number, bg: number, attrs: number, ulColor: number): void {
    let params = '';
    // Turning an attribute or the underline color off: start from a reset and set everything the
    // cell needs. (Not SGR 59 for the underline color: xterm.js 6 stores it as the same bits as
    // 58;2;255;255;255 and draws the underline white.)
    if ((this.attrs & ~attrs & FLAGS) !== 0 || (ulColor === DEFAULT && this.ulColor !== DEFAULT)) {
      params = '0' + attrParams(attrs);
      if (fg !== DEFAULT) params += ';' + fgParams(fg, this.trueColor);
      if (bg !== DEFAULT) params += ';' + bgParams(bg, this.trueColor);
      if (ulColor !== DEFAULT) params += ';' + underlineColorParams(ulColor, this.trueColor);
    } else {
      // New flags, and the underline again when only its style changed.
      let added = attrs & ~this.attrs & FLAGS;
      if ((attrs & STYLE_BITS) !== (this.attrs & STYLE_BITS)) added |= attrs & UNDERLINE_AND_STYLE;
      params = attrParams(added);
      if (fg !== this.fg) params += ';' + fgParams(fg, this.trueColor);
      if (bg !== this.bg) params += ';' + bgParams(bg, this.trueColor);
      if (ulColor !== this.ulColor) params += ';' + underlineColorParams(ulColor, this.trueColor);
      params = params.slice(1);
    }
    // Empty only for style bits without Attr.Underline, which mean nothing: `ESC[m` would reset the pen.
    if (params !== '') this.out += `${CSI}${params}m`;
    this.fg = fg;
    this.bg = bg;
    this.attrs = attrs;
    this.ulColor = ulColor;
  }
}
