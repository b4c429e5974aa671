// SGR parameters for a cell's attributes (CellGrid.attrs), the underline style included.

import { Attr, UnderlineStyle, underlineStyleOf } from './cellGrid.js';

/** SGR code of each attribute flag; underline's depends on its style (see attrParams). */
const FLAG_CODES: readonly (readonly [number, string])[] = [
  [Attr.Bold, '1'],
  [Attr.Dim, '2'],
  [Attr.Italic, '3'],
  [Attr.Underline, '4'],
  [Attr.Blink, '5'],
  [Attr.Inverse, '7'],
  [Attr.Invisible, '8'],
  [Attr.Strikethrough, '9'],
  [Attr.Overline, '53'],
];

/** The bits of attrs that mean something (flags and underline style, see CellGrid). */
const MEANINGFUL_BITS = 0xfff;
/** attrParams for each attrs value, built on first use: the differ asks for it on every pen change. */
const known = new Array<string | undefined>(MEANINGFUL_BITS + 1).fill(undefined);

/**
 * `;`-prefixed SGR codes that turn on what `attrs` holds, e.g. `;1;4` or `;3;4:3`. A single underline
 * is the plain `4` every terminal knows; other styles need the colon form, as `4;3` would mean
 * underline and italic.
 */
export function attrParams(attrs: number): string {
  const bits = attrs & MEANINGFUL_BITS;
  return (known[bits] ??= buildAttrParams(bits));
}

function buildAttrParams(attrs: number): string {
  let params = '';
  for (const [flag, code] of FLAG_CODES) {
    if ((attrs & flag) !== 0) params += ';' + (flag === Attr.Underline ? underlineCode(attrs) : code);
  }
  return params;
}

function underlineCode(attrs: number): string {
  const style = underlineStyleOf(attrs);
  return style === UnderlineStyle.Single ? '4' : `4:${style}`;
}
