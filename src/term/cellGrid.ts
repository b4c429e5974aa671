// A screen as typed arrays: the one picture every layer (pane, chrome, frame) draws into.

/**
 * CellGrid.attrs, one uint16 per cell:
 *   bits 0–8    the attribute flags below, one bit each
 *   bits 9–11   the underline style when it is not single (SGR 4:2–4:5), 0 otherwise;
 *               meaningful only while Attr.Underline is set (see underlineStyleOf)
 *   bits 12–15  unused
 */
export const Attr = {
  Bold: 1,
  Dim: 2,
  Italic: 4,
  Underline: 8,
  Blink: 16,
  Inverse: 32,
  Invisible: 64,
  Strikethrough: 128,
  Overline: 256,
} as const;

/** The attribute flags (bits 0–8 of attrs). */
export const ATTR_FLAGS = 0x1ff;
const UNDERLINE_STYLE_SHIFT = 9;
/** Bits 9–11 of attrs: the underline style, 0 for single (so a plain Attr.Underline is single). */
export const UNDERLINE_STYLE_BITS = 0x7 << UNDERLINE_STYLE_SHIFT;

/** Underline styles as SGR 4:N numbers them. */
export const UnderlineStyle = {
  None: 0,
  Single: 1,
  Double: 2,
  Curly: 3,
  Dotted: 4,
  Dashed: 5,
} as const;
const MAX_UNDERLINE_STYLE = UnderlineStyle.Dashed;

/** The underline style (UnderlineStyle, 0–5) of a cell's attrs. */
export function underlineStyleOf(attrs: number): number {
  if ((attrs & Attr.Underline) === 0) return UnderlineStyle.None;
  return (attrs & UNDERLINE_STYLE_BITS) >> UNDERLINE_STYLE_SHIFT || UnderlineStyle.Single;
}

/** `attrs` with its underline set to `style` (UnderlineStyle; anything above 5 counts as single, like xterm). */
export function withUnderlineStyle(attrs: number, style: number): number {
  const rest = attrs & ~(Attr.Underline | UNDERLINE_STYLE_BITS);
  if (style <= UnderlineStyle.None) return rest;
  if (style === UnderlineStyle.Single || style > MAX_UNDERLINE_STYLE) return rest | Attr.Underline;
  return rest | Attr.Underline | (style << UNDERLINE_STYLE_SHIFT);
}

/**
 * Colors (fg, bg and the underline color) are packed into one uint32:
 *   0                        the terminal's default color
 *   PALETTE16 | index        palette 0–15 selected the 16-color way (SGR 31, 91, 41, 101)
 *   RGB | 0xRRGGBB           a true color
 *   PALETTE256 | index       palette 0–255 selected the 256-color way (SGR 38;5;N, 48;5;N, 58;5;N)
 * The two palette kinds stay apart because terminals may draw them differently (many apply
 * bold-as-bright to the 16-color form only). PALETTE16 only ever holds indices 0–15.
 */
export const DEFAULT_COLOR = 0;
export const PALETTE16 = 0x1000000;
export const RGB = 0x2000000;
export const PALETTE256 = 0x3000000;
const KIND_MASK = 0x3000000;

/** A palette color in the form a program would usually select it: 16-color SGR for 0–15, 38;5;N above. */
export const paletteColor = (index: number): number => ((index & 0xff) < 16 ? PALETTE16 : PALETTE256) | (index & 0xff);
/** A palette color selected the 256-color way (38;5;N), even for 0–15. */
export const palette256Color = (index: number): number => PALETTE256 | (index & 0xff);
export const rgbColor = (r: number, g: number, b: number): number =>
  RGB | ((r & 0xff) << 16) | ((g & 0xff) << 8) | (b & 0xff);
/** Either palette kind: `color & 0xff` is the index. */
export const isPalette = (color: number): boolean => (color & KIND_MASK) === PALETTE16 || (color & KIND_MASK) === PALETTE256;
export const isPalette16 = (color: number): boolean => (color & KIND_MASK) === PALETTE16;
export const isPalette256 = (color: number): boolean => (color & KIND_MASK) === PALETTE256;
export const isRgb = (color: number): boolean => (color & KIND_MASK) === RGB;

/** Code stored in the right half of a wide (2-cell) character. */
export const WIDE_CONTINUATION = 0;
/** Code of an empty cell: drawn as a space. */
export const BLANK = 0x20;

/** One cell's content, for code that is not on a hot path (tests, capture). */
export interface Cell {
  /** The grapheme shown, '' for the right half of a wide character. */
  text: string;
  width: number;
  fg: number;
  bg: number;
  attrs: number;
  /** Underline color (SGR 58), DEFAULT_COLOR when not underlined or drawn in the text color. */
  ulColor: number;
}

export class CellGrid {
  readonly cols: number;
  readonly rows: number;
  /** First code point of each cell (BLANK when empty, WIDE_CONTINUATION for a wide char's right half). */
  readonly codes: Uint32Array;
  /** 1, 2 for the left half of a wide character, 0 for its right half. */
  readonly widths: Uint8Array;
  readonly fg: Uint32Array;
  readonly bg: Uint32Array;
  /** Attribute flags and underline style (layout above Attr). */
  readonly attrs: Uint16Array;
  /** Underline color, packed like fg and bg; DEFAULT_COLOR unless the cell is underlined. */
  readonly ulColor: Uint32Array;
  /** Cells whose grapheme is more than one code point (combining marks, ZWJ emoji), by cell index. */
  readonly clusters = new Map<number, string>();
  /** Cells inside an OSC 8 hyperlink: cell index → link number (see hyperlinks.ts). Sparse, like clusters. */
  readonly links = new Map<number, number>();

  constructor(cols: number, rows: number) {
    this.cols = Math.max(0, cols | 0);
    this.rows = Math.max(0, rows | 0);
    const n = this.cols * this.rows;
    this.codes = new Uint32Array(n).fill(BLANK);
    this.widths = new Uint8Array(n).fill(1);
    this.fg = new Uint32Array(n);
    this.bg = new Uint32Array(n);
    this.attrs = new Uint16Array(n);
    this.ulColor = new Uint32Array(n);
  }

  index(x: number, y: number): number {
    return y * this.cols + x;
  }

  /** Writes one cell. `text` may be a whole grapheme; width 2 also claims the cell to its right. */
  set(
    x: number,
    y: number,
    text: string,
    width: number,
    fg: number,
    bg: number,
    attrs: number,
    ulColor: number = DEFAULT_COLOR,
  ): void {
    const code = text.length === 0 ? BLANK : (text.codePointAt(0) ?? BLANK);
    const cluster = text.length > (code > 0xffff ? 2 : 1) ? text : undefined;
    this.setCode(x, y, code, width, fg, bg, attrs, ulColor, cluster);
  }

  /**
   * Writes one cell from its first code point (the hot path of reading a screen: no string per cell).
   * `cluster` is the whole grapheme when it has more than one code point.
   */
  setCode(x: number, y: number, code: number, width: number, fg: number, bg: number, attrs: number, ulColor: number, cluster?: string): void {
    if (x < 0 || y < 0 || x >= this.cols || y >= this.rows) return;
    const i = y * this.cols + x;
    const wide = width === 2 && x + 1 < this.cols;
    if (this.widths[i] !== 1) this.breakWideAt(i, x);
    if (wide && this.widths[i + 1] !== 1) this.breakWideAt(i + 1, x + 1);
    this.codes[i] = code;
    this.widths[i] = wide ? 2 : 1;
    this.fg[i] = fg;
    this.bg[i] = bg;
    this.attrs[i] = attrs;
    this.ulColor[i] = ulColor;
    if (cluster !== undefined) this.clusters.set(i, cluster);
    else if (this.clusters.size > 0) this.clusters.delete(i);
    if (this.links.size > 0) this.links.delete(i);
    if (wide) {
      const j = i + 1;
      this.codes[j] = WIDE_CONTINUATION;
      this.widths[j] = 0;
      this.fg[j] = fg;
      this.bg[j] = bg;
      this.attrs[j] = attrs;
      this.ulColor[j] = ulColor;
      if (this.clusters.size > 0) this.clusters.delete(j);
      if (this.links.size > 0) this.links.delete(j);
    }
  }

  /**
   * Before cells x..x+width-1 of row y are overwritten in bulk (straight into the arrays, the way
   * setCode would leave them): a wide character cut by either edge of the span loses its other half,
   * which becomes a blank, and the span's clusters and links are dropped. The span must be inside the grid.
   */
  releaseSpan(x: number, y: number, width: number): void {
    if (width <= 0) return;
    const start = y * this.cols + x;
    const end = start + width;
    if (this.widths[start] === 0 && x > 0) this.blankCell(start - 1);
    if (this.widths[end - 1] === 2 && x + width < this.cols) this.blankCell(end);
    if (this.clusters.size > 0) for (let i = start; i < end; i++) this.clusters.delete(i);
    if (this.links.size > 0) for (let i = start; i < end; i++) this.links.delete(i);
  }

  /** Puts the cell at (x, y), and the right half of a wide character there, inside hyperlink `link`. */
  setLink(x: number, y: number, link: number): void {
    if (x < 0 || y < 0 || x >= this.cols || y >= this.rows) return;
    const i = y * this.cols + x;
    const wide = this.widths[i] === 2 && x + 1 < this.cols;
    if (link === 0) {
      this.links.delete(i);
      if (wide) this.links.delete(i + 1);
      return;
    }
    this.links.set(i, link);
    if (wide) this.links.set(i + 1, link);
  }

  /** The hyperlink number of a cell index (0 for none). */
  linkAt(i: number): number {
    return this.links.size > 0 ? (this.links.get(i) ?? 0) : 0;
  }

  /** Before cell i is overwritten: the other half of a wide character it belongs to becomes a blank. */
  private breakWideAt(i: number, x: number): void {
    if (this.widths[i] === 0 && x > 0) this.blankCell(i - 1);
    else if (this.widths[i] === 2 && x + 1 < this.cols) this.blankCell(i + 1);
  }

  private blankCell(i: number): void {
    this.codes[i] = BLANK;
    this.widths[i] = 1;
    if (this.clusters.size > 0) this.clusters.delete(i);
    if (this.links.size > 0) this.links.delete(i);
  }

  /** The grapheme at a cell index ('' for a wide character's right half). */
  textAt(i: number): string {
    if (this.widths[i] === 0) return '';
    return this.clusters.get(i) ?? String.fromCodePoint(this.codes[i]);
  }

  cell(x: number, y: number): Cell {
    const i = this.index(x, y);
    return {
      text: this.textAt(i),
      width: this.widths[i],
      fg: this.fg[i],
      bg: this.bg[i],
      attrs: this.attrs[i],
      ulColor: this.ulColor[i],
    };
  }

  /** Blanks a rectangle with the given background (default: terminal default). */
  clear(x0 = 0, y0 = 0, w = this.cols, h = this.rows, bg = DEFAULT_COLOR): void {
    const x1 = Math.min(this.cols, x0 + w);
    const y1 = Math.min(this.rows, y0 + h);
    for (let y = Math.max(0, y0); y < y1; y++) {
      const start = y * this.cols + Math.max(0, x0);
      const end = y * this.cols + x1;
      this.codes.fill(BLANK, start, end);
      this.widths.fill(1, start, end);
      this.fg.fill(DEFAULT_COLOR, start, end);
      this.bg.fill(bg, start, end);
      this.attrs.fill(0, start, end);
      this.ulColor.fill(DEFAULT_COLOR, start, end);
      if (this.clusters.size > 0) for (let i = start; i < end; i++) this.clusters.delete(i);
      if (this.links.size > 0) for (let i = start; i < end; i++) this.links.delete(i);
    }
  }

  /** Copies a rectangle of `src` (at sx, sy) into this grid at (dx, dy), clipped to both grids. */
  blit(src: CellGrid, sx: number, sy: number, w: number, h: number, dx: number, dy: number): void {
    const width = Math.min(w, src.cols - sx, this.cols - dx);
    const height = Math.min(h, src.rows - sy, this.rows - dy);
    if (width <= 0 || height <= 0) return;
    for (let row = 0; row < height; row++) {
      const s = (sy + row) * src.cols + sx;
      const d = (dy + row) * this.cols + dx;
      this.codes.set(src.codes.subarray(s, s + width), d);
      this.widths.set(src.widths.subarray(s, s + width), d);
      this.fg.set(src.fg.subarray(s, s + width), d);
      this.bg.set(src.bg.subarray(s, s + width), d);
      this.attrs.set(src.attrs.subarray(s, s + width), d);
      this.ulColor.set(src.ulColor.subarray(s, s + width), d);
      if (src.clusters.size > 0 || this.clusters.size > 0) {
        for (let col = 0; col < width; col++) {
          const cluster = src.clusters.get(s + col);
          if (cluster !== undefined) this.clusters.set(d + col, cluster);
          else this.clusters.delete(d + col);
        }
      }
      if (src.links.size > 0 || this.links.size > 0) {
        for (let col = 0; col < width; col++) {
          const link = src.links.get(s + col);
          if (link !== undefined) this.links.set(d + col, link);
          else this.links.delete(d + col);
        }
      }
      // A wide character cut in half by the right edge of the copy becomes a blank.
      const last = d + width - 1;
      if (this.widths[last] === 2) {
        this.codes[last] = BLANK;
        this.widths[last] = 1;
      }
      if (this.widths[d] === 0) {
        this.codes[d] = BLANK;
        this.widths[d] = 1;
      }
      // A wide character here whose other half the copy overwrote cannot be shown either.
      if (dx > 0 && this.widths[d - 1] === 2) {
        this.codes[d - 1] = BLANK;
        this.widths[d - 1] = 1;
      }
      if (dx + width < this.cols && this.widths[d + width] === 0) {
        this.codes[d + width] = BLANK;
        this.widths[d + width] = 1;
      }
    }
  }

  /** Plain text of one row, wide characters counted once, trailing blanks kept. */
  rowText(y: number): string {
    let out = '';
    for (let x = 0; x < this.cols; x++) out += this.textAt(this.index(x, y));
    return out;
  }
}
