// Draws the viewer's screen: the visible part of the document with search matches marked, and a
// status line. Returns the bytes for the pane's terminal (the pane's emulator and the compositor
// take it from there).

import { textWidth } from '../term/textWidth.js';
import { visibleText } from '../term/visibleText.js';
import { sliceColumns, span, type Line, type Span } from './styledText.js';
import type { Match, ViewerState } from './viewerState.js';
import { graphemeSegmenter } from '../term/graphemes.js';

const MATCH_SGR = '7';
const CURRENT_MATCH_SGR = '30;43';
const STATUS_SGR = '7';

/** The keys the status line names on its right, unless a viewer names its own. */
const DEFAULT_HINTS = 'q close  / search  n/N next';

export function drawViewer(lines: readonly Line[], state: ViewerState, name: string, hints = DEFAULT_HINTS): string {
  let out = '\x1b[H';
  const matchesByLine = groupMatches(state);
  for (let row = 0; row < state.rows; row++) {
    const index = state.top + row;
    const line = lines[index];
    out += `\x1b[${row + 1};1H\x1b[0m\x1b[2K`;
    if (line === undefined) {
      out += '\x1b[90m~';
      continue;
    }
    const marked = markMatches(line, matchesByLine.get(index) ?? [], state.search?.matches[state.search.current]);
    out += sgrText(sliceColumns(marked, state.left, state.cols));
  }
  out += `\x1b[${state.rows + 1};1H\x1b[0m\x1b[2K${statusLine(lines.length, state, name, hints)}\x1b[0m`;
  return out;
}

function statusLine(count: number, state: ViewerState, name: string, right: string): string {
  if (state.input) {
    const text = visibleText(`${state.input.backward ? '?' : '/'}${state.input.text}`);
    return `${text}\x1b[7m \x1b[0m`;
  }
  const last = Math.min(count, state.top + state.rows);
  const percent = count <= state.rows ? 100 : Math.round((last / count) * 100);
  const position = `${count === 0 ? 0 : state.top + 1}-${last}/${count} ${percent}%`;
  const search = state.search ? `  [${state.search.current + 1}/${state.search.matches.length} '${state.search.query}']` : '';
  // A message (no match, wrapped) matters more than the position: it goes first.
  // The name, a message or a search can quote text from outside: shown with its control characters as marks.
  if (state.message) return `\x1b[${STATUS_SGR}m${cut(pad(visibleText(` ${state.message}  ${name} ${position}`), state.cols), state.cols)}`;
  const left = visibleText(` ${name}  ${position}${search} `);
  const room = state.cols - textWidth(left);
  const tail = room > textWidth(right) + 1 ? `${' '.repeat(room - textWidth(right) - 1)}${right} ` : ' '.repeat(Math.max(0, room));
  return `\x1b[${STATUS_SGR}m${cut(left + tail, state.cols)}`;
}

function groupMatches(state: ViewerState): Map<number, Match[]> {
  const map = new Map<number, Match[]>();
  const matches = state.search?.matches ?? [];
  for (const m of matches) {
    if (m.line < state.top || m.line >= state.top + state.rows) continue;
    const list = map.get(m.line) ?? [];
    list.push(m);
    map.set(m.line, list);
  }
  return map;
}

/** The line with its matches restyled (the current one stands out). */
function markMatches(line: Line, matches: readonly Match[], current: Match | undefined): Line {
  if (matches.length === 0) return line;
  const out: Span[] = [];
  let offset = 0;
  for (const s of line) {
    let cursor = 0;
    while (cursor < s.text.length) {
      const at = offset + cursor;
      const inside = matches.find((m) => at >= m.start && at < m.end);
      const nextEdge = inside ? inside.end : Math.min(...matches.filter((m) => m.start > at).map((m) => m.start), offset + s.text.length);
      const end = Math.min(nextEdge - offset, s.text.length);
      const sgr = inside ? (inside === current ? CURRENT_MATCH_SGR : [s.sgr, MATCH_SGR].filter(Boolean).join(';')) : s.sgr;
      out.push(span(s.text.slice(cursor, end), sgr));
      cursor = end;
    }
    offset += s.text.length;
  }
  return out;
}

function sgrText(line: Line): string {
  return line.map((s) => (s.sgr === '' ? `\x1b[0m${s.text}` : `\x1b[0;${s.sgr}m${s.text}`)).join('') + '\x1b[0m';
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - textWidth(text)));
}

function cut(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const { segment } of graphemeSegmenter.segment(text)) {
    const w = textWidth(segment);
    if (used + w > width) break;
    out += segment;
    used += w;
  }
  return out;
}
