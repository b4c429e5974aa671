// Where a logs viewer looks after new lines came, as `tail -f` and `less +F`: a reader at the bottom
// stays at the bottom (new lines scroll in); a reader who scrolled up keeps the same text in view,
// even when the oldest lines were dropped to keep the log within its limits. Pure.

import type { ViewerState } from './viewerState.js';

/** `before` lines were shown; now there are `after`, `dropped` of the old ones gone from the top. */
export function followLines(state: ViewerState, before: number, after: number, dropped: number): ViewerState {
  const atBottom = state.top >= Math.max(0, before - state.rows);
  const top = atBottom ? Math.max(0, after - state.rows) : Math.max(0, state.top - dropped);
  if (dropped === 0 || !state.search) return { ...state, top };
  // The search's matches move up with their lines; those on dropped lines are gone.
  const current = state.search.matches[state.search.current];
  const matches = state.search.matches.filter((m) => m.line >= dropped).map((m) => ({ ...m, line: m.line - dropped }));
  if (matches.length === 0) return { ...state, top, search: undefined };
  const kept = current === undefined || current.line < dropped ? 0 : Math.max(0, matches.findIndex((m) => m.line === current.line - dropped && m.start === current.start));
  return { ...state, top, search: { ...state.search, matches, current: kept } };
}

/** Whether the reader is at the bottom (new lines will scroll in). */
export function atBottom(state: ViewerState, lineCount: number): boolean {
  return state.top >= Math.max(0, lineCount - state.rows);
}
