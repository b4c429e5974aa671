// The "remove / reset workspace" confirmation as plain data: the preflight shown, the permissions
// (throw away changed files, throw away ignored files, lose unpushed commits and stashes) that are
// off until the user turns them on, which row is focused, and what the keys do. Confirming hands
// back exactly the preflight shown, so the server can refuse when the workspace changed since — also
// when it changed as its panes stopped (they are stopped after confirming, then git is asked again).

import { changedFiles, endRefusal, ignoredFiles, keptWork, touchesFiles, type EndAction, type EndChoices, type Preflight } from '../../git/endGuards.js';
import type { Key } from '../../term/keys/token.js';

export type ConfirmRow = 'discard' | 'ignored' | 'force' | 'confirm' | 'cancel';

export interface ConfirmEndState extends EndChoices {
  action: EndAction;
  facts: Preflight;
  focus: ConfirmRow;
  /** The preflight is being run again and the action carried out: keys wait. */
  busy: boolean;
  /** Why the last confirmation was refused (the workspace changed since it was shown, …). */
  error?: string;
}

/** How the refusal names the dialog's permissions. */
export const DIALOG_WORDS = {
  force: "turn on 'lose unpushed commits'",
  discardChanges: "turn on 'discard changes'",
  discardIgnored: "turn on 'discard ignored files'",
  forceName: "'lose unpushed commits'",
  discardChangesName: "'discard changes'",
};

export function confirmEndState(action: EndAction, facts: Preflight, error?: string): ConfirmEndState {
  const state: ConfirmEndState = { action, facts, force: false, discardChanges: false, discardIgnored: false, focus: 'cancel', busy: false, error };
  return state;
}

/** The rows the user can move between: a permission only when this workspace needs it. */
export function confirmRows(state: Pick<ConfirmEndState, 'action' | 'facts'>): ConfirmRow[] {
  const rows: ConfirmRow[] = [];
  if (touchesFiles(state.facts, state.action)) {
    if (changedFiles(state.facts) || (state.facts.unreadable && state.action === 'rm')) rows.push('discard');
    if (ignoredFiles(state.facts, state.action)) rows.push('ignored');
    if (keptWork(state.facts, state.action)) rows.push('force');
  }
  rows.push('confirm', 'cancel');
  return rows;
}

/** Why confirming now would be refused (before asking the server); undefined when it may go ahead. */
export const confirmRefusal = (state: ConfirmEndState): string | undefined => endRefusal(state.facts, state, state.action, DIALOG_WORDS);

export type ConfirmOutcome = { confirm: { expect: Preflight } & EndChoices } | { close: true };

export interface ConfirmStep {
  state: ConfirmEndState;
  outcome?: ConfirmOutcome;
}

export function reduceConfirmEnd(state: ConfirmEndState, key: Pick<Key, 'name' | 'ctrl' | 'alt' | 'shift' | 'char' | 'event'>): ConfirmStep {
  if (key.event === 'release') return { state };
  const close = { state, outcome: { close: true as const } };
  if (key.name === 'escape' || (key.ctrl && (key.name === 'c' || key.name === 'g'))) return close;
  if (state.busy) return { state };
  const rows = confirmRows(state);
  const at = Math.max(0, rows.indexOf(state.focus));
  const move = (step: number): ConfirmStep => ({ state: { ...state, focus: rows[(at + step + rows.length) % rows.length] as ConfirmRow } });
  if (key.name === 'up' || (key.name === 'tab' && key.shift)) return move(-1);
  if (key.name === 'down' || key.name === 'tab') return move(1);
  if (key.char === 'q' || key.char === 'n') return close;
  const press = key.name === 'enter' || key.name === 'space';
  if (!press) return { state };
  if (state.focus === 'discard') return { state: { ...state, discardChanges: !state.discardChanges, error: undefined } };
  if (state.focus === 'ignored') return { state: { ...state, discardIgnored: !state.discardIgnored, error: undefined } };
  if (state.focus === 'force') return { state: { ...state, force: !state.force, error: undefined } };
  if (state.focus === 'cancel') return close;
  // Space never confirms: only Enter on the confirm row does, and only when nothing refuses it.
  if (key.name !== 'enter') return { state };
  const why = confirmRefusal(state);
  if (why) return { state: { ...state, error: why } };
  return {
    state: { ...state, busy: true, error: undefined },
    outcome: { confirm: { expect: state.facts, force: state.force, discardChanges: state.discardChanges, discardIgnored: state.discardIgnored } },
  };
}
