// The viewer's position and search as plain data, and what each key does to them. Pure: the viewer
// process feeds it keys and the document's plain lines, and draws what it returns.

import type { Key } from '../term/keys/token.js';

export interface Match {
  line: number;
  start: number;
  end: number;
}

export interface ViewerState {
  /** First document line shown. */
  top: number;
  /** First column shown (source files scroll sideways; markdown is wrapped and stays at 0). */
  left: number;
  /** Rows and columns for text (the status line is not counted). */
  rows: number;
  cols: number;
  search?: { query: string; matches: Match[]; current: number; backward: boolean };
  /** A search being typed after `/` or `?`. */
  input?: { text: string; backward: boolean };
  /** One line for the status bar until the next key (no match, wrapped around). */
  message?: string;
}

export type ViewerStep = { state: ViewerState; quit?: true; reload?: true };

/** Columns ← and → move a source file sideways. */
const SIDE_STEP = 8;
/** A search stops counting here: more would not help anyone and could take long. */
const MAX_MATCHES = 100_000;

export function initialViewerState(rows: number, cols: number): ViewerState {
  return { top: 0, left: 0, rows, cols };
}

export function resizeViewer(state: ViewerState, rows: number, cols: number, lineCount: number): ViewerState {
  return clampTop({ ...state, rows, cols }, lineCount);
}

type ViewerKey = Pick<Key, 'name' | 'ctrl' | 'alt' | 'char'>;

export function reduceViewer(state: ViewerState, lines: readonly string[], key: ViewerKey, options: { sideways: boolean }): ViewerStep {
  const next = { ...state, message: undefined };
  if (state.input) return typing(next, state.input, lines, key);
  const count = lines.length;
  const scroll = (delta: number): ViewerStep => ({ state: clampTop({ ...next, top: next.top + delta }, count) });
  const half = Math.max(1, Math.floor(state.rows / 2));
  const page = Math.max(1, state.rows - 1);
  if (key.ctrl && !key.alt) {
    if (key.name === 'd') return scroll(half);
    if (key.name === 'u') return scroll(-half);
    if (key.name === 'f') return scroll(page);
    if (key.name === 'b') return scroll(-page);
    if (key.name === 'c') return { state: next, quit: true };
    return { state: next };
  }
  if (key.alt) return { state: next };
  switch (key.name) {
    case 'down':
    case 'enter':
      return scroll(1);
    case 'up':
      return scroll(-1);
    case 'pagedown':
    case 'space':
      return scroll(page);
    case 'pageup':
      return scroll(-page);
    case 'home':
      return scroll(-count);
    case 'end':
      return scroll(count);
    case 'left':
      return { state: { ...next, left: options.sideways ? Math.max(0, next.left - SIDE_STEP) : 0 } };
    case 'right':
      return { state: { ...next, left: options.sideways ? next.left + SIDE_STEP : 0 } };
    case 'escape':
      return { state: { ...next, search: undefined } };
  }
  switch (key.char) {
    case 'j':
      return scroll(1);
    case 'k':
      return scroll(-1);
    case 'f':
      return scroll(page);
    case 'b':
      return scroll(-page);
    case 'd':
      return scroll(half);
    case 'u':
      return scroll(-half);
    case 'g':
    case '<':
      return scroll(-count);
    case 'G':
    case '>':
      return scroll(count);
    case 'h':
      return { state: { ...next, left: options.sideways ? Math.max(0, next.left - SIDE_STEP) : 0 } };
    case 'l':
      return { state: { ...next, left: options.sideways ? next.left + SIDE_STEP : 0 } };
    case '/':
      return { state: { ...next, input: { text: '', backward: false } } };
    case '?':
      return { state: { ...next, input: { text: '', backward: true } } };
    case 'n':
      return repeat(next, count, false);
    case 'N':
      return repeat(next, count, true);
    case 'q':
      return { state: next, quit: true };
    case 'r':
      return { state: next, reload: true };
  }
  return { state: next };
}

/** Keys while a search is typed: text, Backspace, Enter to search, Esc to give up. */
function typing(state: ViewerState, input: NonNullable<ViewerState['input']>, lines: readonly string[], key: ViewerKey): ViewerStep {
  if (key.name === 'escape' || (key.ctrl && (key.name === 'c' || key.name === 'g'))) return { state: { ...state, input: undefined } };
  if (key.name === 'backspace' || (key.ctrl && key.name === 'h')) {
    if (input.text === '') return { state: { ...state, input: undefined } };
    return { state: { ...state, input: { ...input, text: [...input.text].slice(0, -1).join('') } } };
  }
  if (key.name === 'enter') {
    const query = input.text !== '' ? input.text : state.search?.query;
    const cleared = { ...state, input: undefined };
    if (query === undefined) return { state: cleared };
    return find(cleared, lines, query, input.backward);
  }
  if (key.char !== undefined && key.char !== '' && !key.ctrl && !key.alt) return { state: { ...state, input: { ...input, text: input.text + key.char } } };
  return { state };
}

/** Every match of the query (case-insensitive unless it has a capital), then jumps to the first one after the view. */
export function find(state: ViewerState, lines: readonly string[], query: string, backward: boolean): ViewerStep {
  const matches = findMatches(lines, query);
  if (matches.length === 0) return { state: { ...state, search: undefined, message: `no match for '${query}'` } };
  const from = backward ? state.top + state.rows - 1 : state.top;
  let current = backward ? lastIndex(matches, (m) => m.line <= from) : matches.findIndex((m) => m.line >= from);
  let message: string | undefined;
  if (current < 0) {
    current = backward ? matches.length - 1 : 0;
    message = backward ? 'search wrapped to the end' : 'search wrapped to the start';
  }
  return { state: show({ ...state, search: { query, matches, current, backward }, message }, matches[current], lines.length) };
}

/** n repeats the search in its own direction, N the other way; both wrap around at the ends. */
function repeat(state: ViewerState, lineCount: number, reverse: boolean): ViewerStep {
  const search = state.search;
  if (!search) return { state: { ...state, message: 'no search yet: press / to search' } };
  const backward = search.backward !== reverse;
  const total = search.matches.length;
  let current = search.current + (backward ? -1 : 1);
  let message: string | undefined;
  if (current < 0 || current >= total) {
    current = (current + total) % total;
    message = backward ? 'search wrapped to the end' : 'search wrapped to the start';
  }
  return { state: show({ ...state, search: { ...search, current }, message }, search.matches[current], lineCount) };
}

export function findMatches(lines: readonly string[], query: string): Match[] {
  if (query === '') return [];
  const caseSensitive = query !== query.toLowerCase();
  const needle = caseSensitive ? query : query.toLowerCase();
  const matches: Match[] = [];
  lines.forEach((text, line) => {
    const hay = caseSensitive ? text : text.toLowerCase();
    for (let at = hay.indexOf(needle); at >= 0 && matches.length < MAX_MATCHES; at = hay.indexOf(needle, at + needle.length)) {
      matches.push({ line, start: at, end: at + needle.length });
    }
  });
  return matches;
}

/** Scrolls so the match is in view, a third from the top when the view has to move; sideways too. */
function show(state: ViewerState, match: Match, lineCount: number): ViewerState {
  let { top, left } = state;
  if (match.line < top || match.line >= top + state.rows) top = match.line - Math.floor(state.rows / 3);
  if (match.start < left || match.end > left + state.cols) left = Math.max(0, match.start - Math.floor(state.cols / 3));
  return clampTop({ ...state, top, left }, lineCount);
}

/** Lines one wheel notch scrolls. */
const WHEEL_LINES = 3;

/** The mouse wheel scrolls, as in a pager. */
export function wheelViewer(state: ViewerState, direction: 'up' | 'down', lineCount: number): ViewerState {
  return clampTop({ ...state, top: state.top + (direction === 'down' ? WHEEL_LINES : -WHEEL_LINES), message: undefined }, lineCount);
}

function clampTop(state: ViewerState, lineCount: number): ViewerState {
  const maxTop = Math.max(0, lineCount - state.rows);
  return { ...state, top: Math.max(0, Math.min(state.top, maxTop)) };
}

function lastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
