// One row of a cell grid as terminal output: its text with the SGR codes (and OSC 8 links) that
// draw it, for `capture-pane -e` and for a pane's screen handed to a new server (screenExport.ts).

import { attrParams } from './attrParams.js';
import { CellGrid, DEFAULT_COLOR } from './cellGrid.js';
import { bgParams, fgParams, underlineColorParams } from './colors.js';
import { CLOSE_HYPERLINK, NO_LINK, hyperlinkSequence } from './hyperlinks.js';

export interface StyledRowOptions {
  /** Keep the blank cells at the row's end (a row that wraps on must fill its width). */
  keepTrailing?: boolean;
  /** Write OSC 8 around the cells of a hyperlink. */
  links?: boolean;
}

/** Row `y` of `grid`; trailing cells that are blank and unstyled are dropped unless asked to keep them. */
export function styledRow(grid: CellGrid, y: number, options: StyledRowOptions = {}): string {
  let end = grid.cols;
  while (!options.keepTrailing && end > 0) {
    const i = grid.index(end - 1, y);
    if (grid.textAt(i) !== ' ' || grid.fg[i] !== 0 || grid.bg[i] !== 0 || grid.attrs[i] !== 0 || grid.ulColor[i] !== 0 || grid.links.has(i)) break;
    end--;
  }
  const plain = `${fgParams(0, true)};${bgParams(0, true)}`;
  let out = '';
  let pen = plain;
  let link = NO_LINK;
  // The style of the cell before, as numbers: its SGR text is made only where the style changes.
  let fg = DEFAULT_COLOR;
  let bg = DEFAULT_COLOR;
  let attrs = 0;
  let ul = DEFAULT_COLOR;
  for (let x = 0; x < end; x++) {
    const i = grid.index(x, y);
    if (grid.widths[i] === 0) continue;
    if (grid.fg[i] !== fg || grid.bg[i] !== bg || grid.attrs[i] !== attrs || grid.ulColor[i] !== ul) {
      fg = grid.fg[i];
      bg = grid.bg[i];
      attrs = grid.attrs[i];
      ul = grid.ulColor[i];
      let next = `${fgParams(fg, true)};${bgParams(bg, true)}${attrParams(attrs)}`;
      if (ul !== DEFAULT_COLOR) next += `;${underlineColorParams(ul, true)}`;
      if (next !== pen) {
        out += `\x1b[0;${next}m`;
        pen = next;
      }
    }
    const cellLink = options.links ? (grid.links.get(i) ?? NO_LINK) : NO_LINK;
    if (cellLink !== link) {
      out += hyperlinkSequence(cellLink);
      link = cellLink;
    }
    out += grid.textAt(i);
  }
  if (link !== NO_LINK) out += CLOSE_HYPERLINK;
  return pen === plain ? out : `${out}\x1b[0m`;
}
