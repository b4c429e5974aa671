// The inbox as plain data: every question agents wait on across all workspaces (refreshed as they come
// and go), which row is chosen (by question id, so it stays on its question while rows move), and the
// batch confirmation: the questions `A` would allow, fixed when it opened, so what is allowed is what
// was listed. The keys: ↑↓ choose, y / n answer the chosen row, Enter jumps to its pane, A asks to
// allow every listed question, Esc closes.

import type { Key } from '../../term/keys/token.js';

export interface InboxRow {
  questionId: string;
  paneId: number;
  workspace: string;
  agent: string;
  /** When it started waiting (ms since the epoch). */
  askedAt: number;
  question: string;
  /** Asked on another machine (its workspace is shown as `HOST:NAME`): answered through that host's link. */
  host?: string;
}

export interface InboxState {
  rows: InboxRow[];
  /** The chosen row's question id; the first row when it is gone. */
  selected: string | undefined;
  /** The time ages are shown at (ms since the epoch). */
  now: number;
  /** Open while `A` asks for confirmation: the questions that Enter would allow. */
  confirm?: InboxRow[];
}

export type InboxOutcome = { answer: 'allow' | 'deny'; row: InboxRow } | { jump: InboxRow } | { allowAll: InboxRow[] } | { close: true };

export interface InboxStep {
  state: InboxState;
  outcome?: InboxOutcome;
}

export function inboxState(rows: InboxRow[], now: number): InboxState {
  return { rows, selected: rows[0]?.questionId, now };
}

/** The index of the chosen row (0 when its question is gone), -1 when there are no rows. */
export function selectedIndex(state: Pick<InboxState, 'rows' | 'selected'>): number {
  if (state.rows.length === 0) return -1;
  return Math.max(0, state.rows.findIndex((row) => row.questionId === state.selected));
}

/** New rows (questions came or went): the choice stays on its question, or moves to where it was. */
export function withRows(state: InboxState, rows: InboxRow[], now: number): InboxState {
  const at = state.rows.findIndex((row) => row.questionId === state.selected);
  const kept = rows.some((row) => row.questionId === state.selected);
  const selected = kept ? state.selected : rows[Math.min(Math.max(0, at), rows.length - 1)]?.questionId;
  return { ...state, rows, selected, now };
}

export function reduceInbox(state: InboxState, key: Pick<Key, 'name' | 'ctrl' | 'alt' | 'shift' | 'char' | 'event'>): InboxStep {
  if (key.event === 'release') return { state };
  const cancel = key.name === 'escape' || (key.ctrl && (key.name === 'c' || key.name === 'g'));
  if (state.confirm) {
    if (cancel || key.char === 'n' || key.char === 'q') return { state: { ...state, confirm: undefined } };
    if (key.name === 'enter' || key.char === 'y') return { state: { ...state, confirm: undefined }, outcome: { allowAll: state.confirm } };
    return { state };
  }
  if (cancel || key.char === 'q') return { state, outcome: { close: true } };
  const at = selectedIndex(state);
  if (key.name === 'up' || key.name === 'down') {
    if (at < 0) return { state };
    const next = (at + (key.name === 'up' ? -1 : 1) + state.rows.length) % state.rows.length;
    return { state: { ...state, selected: state.rows[next].questionId } };
  }
  if (key.char === 'A') return state.rows.length === 0 ? { state } : { state: { ...state, confirm: state.rows } };
  const row = state.rows[at];
  if (!row) return { state };
  if (key.char === 'y') return { state, outcome: { answer: 'allow', row } };
  if (key.char === 'n') return { state, outcome: { answer: 'deny', row } };
  if (key.name === 'enter') return { state, outcome: { jump: row } };
  return { state };
}
