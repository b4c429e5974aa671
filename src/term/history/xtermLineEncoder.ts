// Packs a line straight from xterm's cell data into the history's line encoding (lineCodec), without
// copying it into a CellGrid first: lines leave xterm at flood speed, so this is the common path.
// Lines with an underline or a link (styles xterm keeps outside its cell data) take the CellGrid path.

import type { IBufferLine } from '@xterm/headless';
import { BLANK, CellGrid, DEFAULT_COLOR } from '../cellGrid.js';
import {
  BG_HAS_EXTENDED,
  CONTENT_CODEPOINT_MASK,
  CONTENT_IS_COMBINED,
  CONTENT_WIDTH_SHIFT,
  FG_UNDERLINE,
  XTERM_MODE_MASK,
  cellText,
  colorFromXterm,
  contentWidth,
  lineInternals,
  xtermAttrs,
} from '../xtermCell.js';
import type { ByteWriter } from './bytes.js';
import type { LineEncoder } from './historyCapture.js';
import { RunWriter, encodeLine, keptCells, writeCell, writeLineHeader, writeSpaces } from './lineCodec.js';
import type { RowCopier } from './paneLines.js';

/**
 * Encodes lines as they leave xterm (`cols` wide), up to their last styled or non-blank cell:
 * straight from xterm's cell data, or, for lines with underlines or links, through a CellGrid row
 * filled by `copy` (the emulator's reader).
 */
export function historyLineEncoder(cols: () => number, copy: RowCopier): LineEncoder {
  let row = new CellGrid(0, 1);
  return (line, out) => {
    const width = cols();
    const end = contentWidth(line, width);
    if (encodeXtermLine(line, end, line.isWrapped, out)) return;
    if (row.cols !== width) row = new CellGrid(width, 1);
    row.clear(0, 0, end, 1);
    copy(line, row, 0, 0, end);
    encodeLine(row, 0, keptCells(row, 0, end), line.isWrapped, out);
  };
}

const runs = new RunWriter();

/**
 * Appends the first `cells` columns of `line` to `out`, exactly as copying them into a CellGrid and
 * encoding that would; false (having written nothing) when the line needs the CellGrid path.
 */
export function encodeXtermLine(line: IBufferLine, cells: number, wrapped: boolean, out: ByteWriter): boolean {
  const inner = lineInternals(line);
  if (!inner || cells > inner.length) return false;
  const data = inner._data;
  const start = out.length;
  writeLineHeader(out, cells, wrapped);
  runs.reset();
  for (let col = 0; col < cells; ) {
    const fg = data[col * 3 + 1];
    const bg = data[col * 3 + 2];
    if ((fg & FG_UNDERLINE) !== 0 || (bg & BG_HAS_EXTENDED) !== 0) {
      out.length = start;
      return false;
    }
    let end = col + 1;
    while (end < cells && data[end * 3 + 1] === fg && data[end * 3 + 2] === bg) end++;
    runs.write(out, end - col, colorFromXterm(fg & XTERM_MODE_MASK, fg), colorFromXterm(bg & XTERM_MODE_MASK, bg), xtermAttrs(fg, bg), DEFAULT_COLOR, 0);
    col = end;
  }
  for (let col = 0; col < cells; col++) {
    const content = data[col * 3];
    const width = content >>> CONTENT_WIDTH_SHIFT;
    if (width === 0) continue; // the right half of a wide character
    const cellWidth = width === 2 && col + 1 < cells ? 2 : 1;
    if ((content & CONTENT_IS_COMBINED) !== 0) {
      const chars = cellText(inner._combined[col] ?? '');
      const code = chars.codePointAt(0) ?? BLANK;
      writeCell(out, code, cellWidth, chars.length > (code > 0xffff ? 2 : 1) ? chars : undefined);
      continue;
    }
    const code = content & CONTENT_CODEPOINT_MASK;
    if (code > BLANK && code < 0x80 && cellWidth === 1) {
      // Printable ASCII, the bulk of most output: one byte, written in place.
      out.reserve(1);
      out.bytes[out.length++] = code;
      continue;
    }
    if ((code === 0 || code === BLANK) && cellWidth === 1) {
      let count = 1;
      while (col + count < cells && isPlainBlank(data[(col + count) * 3])) count++;
      writeSpaces(out, count);
      col += count - 1;
    } else {
      writeCell(out, code === 0 ? BLANK : code, cellWidth, undefined);
    }
  }
  return true;
}

function isPlainBlank(content: number): boolean {
  const code = content & CONTENT_CODEPOINT_MASK;
  return (code === 0 || code === BLANK) && (content & CONTENT_IS_COMBINED) === 0 && content >>> CONTENT_WIDTH_SHIFT === 1;
}
