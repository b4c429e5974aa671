// A pane's whole picture as terminal output: what a fresh emulator of the same size shows after
// reading it (the scrollback, the screen, the alternate screen when it is up, the cursor and the
// modes the program set). An upgrade hands each pane's screen to the new server this way: plain
// escape sequences, the one form two versions of tessera are sure to read alike (their own history
// encodings may differ). Lost on the way: xterm's saved cursor and character sets, tab stops, the
// pen the program left set, and the keyboard flags stacked below the current ones.

import type { Terminal as XTerm } from '@xterm/headless';
import { CellGrid } from './cellGrid.js';
import type { Emulator } from './emulator.js';
import type { PaneLines } from './history/paneLines.js';
import type { MouseEncoding, MouseTracking } from './paneMouse.js';
import { styledRow } from './styledRow.js';

const TRACKING_MODES: Record<MouseTracking, number | undefined> = { none: undefined, x10: 9, vt200: 1000, drag: 1002, any: 1003 };
const ENCODING_MODES: Record<MouseEncoding, number | undefined> = { default: undefined, utf8: 1005, sgr: 1006, urxvt: 1015 };

export function exportScreen(emulator: Emulator): string {
  const terminal = emulator.terminal;
  const buffers = terminal.buffer;
  const normal = buffers.normal;
  let out = flowingLines(emulator.lines('normal'), emulator.cols);
  out += cursorTo(normal.cursorY, normal.cursorX);
  if (buffers.active.type === 'alternate') {
    // 1049 saves the normal screen's cursor (placed just above) and clears the alternate screen.
    out += '\x1b[?1049h' + placedRows(emulator.lines('alternate'), emulator.cols, emulator.rows);
  }
  out += modes(emulator);
  const region = scrollRegion(terminal);
  const active = buffers.active;
  let cursorRow = active.cursorY;
  if (region && (region.top > 0 || region.bottom < emulator.rows - 1)) out += `\x1b[${region.top + 1};${region.bottom + 1}r`;
  if (terminal.modes.originMode) {
    out += '\x1b[?6h'; // rows count from the region's top from here on
    cursorRow -= region?.top ?? 0;
  }
  return out + cursorTo(cursorRow, active.cursorX);
}

/** Every line of the normal screen, oldest first: the lines above the screen scroll into the history. */
function flowingLines(lines: PaneLines, cols: number): string {
  const grid = new CellGrid(cols, 1);
  const parts: string[] = [];
  for (let line = 0; line < lines.length; line++) {
    const wrapsOn = line + 1 < lines.length && lines.wrapped(line + 1);
    lines.readRow(line, grid, 0, 0, cols);
    // A row that wraps on is written to its full width, so the next character wraps it here too.
    parts.push(styledRow(grid, 0, { keepTrailing: wrapsOn, links: true }));
    if (line + 1 < lines.length && !wrapsOn) parts.push('\r\n');
  }
  return parts.join('');
}

/** The alternate screen, each row placed where it is (nothing scrolls there). */
function placedRows(lines: PaneLines, cols: number, rows: number): string {
  const grid = new CellGrid(cols, 1);
  let out = '';
  const first = Math.max(0, lines.length - rows);
  for (let y = 0; y < rows && first + y < lines.length; y++) {
    lines.readRow(first + y, grid, 0, 0, cols);
    const row = styledRow(grid, 0, { links: true });
    if (row !== '') out += cursorTo(y, 0) + row;
  }
  return out;
}

const cursorTo = (row: number, col: number): string => `\x1b[${row + 1};${col + 1}H`;

/** The modes a program set that change what it receives or how it is drawn (their defaults are not written). */
function modes(emulator: Emulator): string {
  const terminal = emulator.terminal;
  const m = terminal.modes;
  const set: number[] = [];
  if (m.applicationCursorKeysMode) set.push(1);
  if (m.applicationKeypadMode) set.push(66);
  if (m.reverseWraparoundMode) set.push(45);
  if (m.sendFocusMode) set.push(1004);
  if (m.bracketedPasteMode) set.push(2004);
  const { tracking, encoding } = emulator.mouseTracking;
  const trackingMode = TRACKING_MODES[tracking];
  const encodingMode = ENCODING_MODES[encoding];
  if (trackingMode !== undefined) set.push(trackingMode);
  if (encodingMode !== undefined) set.push(encodingMode);
  let out = set.map((mode) => `\x1b[?${mode}h`).join('');
  if (!m.wraparoundMode) out += '\x1b[?7l';
  if (m.insertMode) out += '\x1b[4h';
  if (!emulator.cursorVisible) out += '\x1b[?25l';
  if (emulator.cursorShape > 0) out += `\x1b[${emulator.cursorShape} q`;
  if (emulator.keyboardFlags > 0) out += `\x1b[>${emulator.keyboardFlags}u`;
  return out;
}

/** The active screen's scroll region (rows, from 0), which xterm keeps to itself; undefined if its internals moved. */
function scrollRegion(terminal: XTerm): { top: number; bottom: number } | undefined {
  const buffer = (terminal as unknown as { _core?: { _bufferService?: { buffer?: { scrollTop?: unknown; scrollBottom?: unknown } } } })._core?._bufferService?.buffer;
  const top = buffer?.scrollTop;
  const bottom = buffer?.scrollBottom;
  return typeof top === 'number' && typeof bottom === 'number' && top < bottom ? { top, bottom } : undefined;
}
