// An xterm cell's colors and underline in CellGrid's packing.

import type { IBufferCell } from '@xterm/headless';
import { DEFAULT_COLOR, PALETTE16, PALETTE256, RGB, UnderlineStyle } from './cellGrid.js';

/** xterm's color modes, as getFgColorMode() / getBgColorMode() report them (Attributes.CM_*). */
const XTERM_P16 = 0x1000000;
const XTERM_P256 = 0x2000000;
const XTERM_RGB = 0x3000000;
const XTERM_MODE_MASK = 0x3000000;
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
