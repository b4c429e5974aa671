// The "add a pane" dialog's behaviour: one decoded key in, the next state and what the server should do out.

import { cycleChoice, initialSelection, modelChoices, nextEffort, shellChoices } from './choices.js';
import { addPaneAction, type AddPaneAction, type AddPaneKey } from './keymap.js';
import type { AddPaneOutcome, AddPaneRow, AddPaneState, PaneSide, RowSelection } from './model.js';
import { visibleRowIndexes } from './search.js';
import { graphemeSegmenter } from '../../term/graphemes.js';

export { visibleRows } from './search.js';

export interface AddPaneStep {
  /** The same object as before when the key changed nothing, so a caller can skip a redraw. */
  state: AddPaneState;
  /** `launch`: open the pane and close the dialog; `close`: close it; `message`: show it, keep the dialog. */
  outcome?: AddPaneOutcome;
}


/** Focus starts on the first row that can be launched, so Enter does something useful at once. */
export function initialAddPaneState(rows: readonly AddPaneRow[], options: { side?: PaneSide } = {}): AddPaneState {
  const launchable = rows.findIndex((row) => row.kind === 'terminal' || row.installed);
  return {
    search: '',
    rows,
    focusedIndex: Math.max(0, launchable),
    selections: rows.map(initialSelection),
    side: options.side ?? 'right',
  };
}

/** The focused row and its selection, or undefined when the search hides every row. */
export function focusedRow(state: AddPaneState): { row: AddPaneRow; selection: RowSelection; index: number } | undefined {
  const index = state.focusedIndex;
  if (!visibleRowIndexes(state).includes(index)) return undefined;
  return { row: state.rows[index], selection: state.selections[index], index };
}

export function reduceAddPane(state: AddPaneState, key: AddPaneKey): AddPaneStep {
  const action = addPaneAction(key);
  return action ? apply(state, action) : { state };
}

/** Text pasted while the dialog is open goes into the search, on one line. */
export function pasteIntoSearch(state: AddPaneState, text: string): AddPaneStep {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return clean === '' ? { state } : { state: withSearch(state, state.search + clean) };
}

function apply(state: AddPaneState, action: AddPaneAction): AddPaneStep {
  switch (action.type) {
    case 'move':
      return { state: moveFocus(state, action.step) };
    case 'cycleChoice':
      return { state: updateFocusedSelection(state, (row, selection) => cycleChoice(row, selection, action.step)) };
    case 'cycleEffort':
      return {
        state: updateFocusedSelection(state, (_row, selection) =>
          selection.kind === 'agent' ? { ...selection, effort: nextEffort(selection.effort, action.step) } : selection,
        ),
      };
    case 'launch':
      return launch(state);
    case 'escape':
      return state.search === '' ? { state, outcome: { close: true } } : { state: withSearch(state, '') };
    case 'close':
      return { state, outcome: { close: true } };
    case 'toggleSide':
      return { state: { ...state, side: state.side === 'right' ? 'down' : 'right' } };
    case 'type':
      return { state: withSearch(state, state.search + action.text) };
    case 'deleteBack':
      return { state: withSearch(state, withoutLastGrapheme(state.search)) };
    case 'clearSearch':
      return { state: withSearch(state, '') };
  }
}

function moveFocus(state: AddPaneState, step: 1 | -1): AddPaneState {
  const visible = visibleRowIndexes(state);
  const at = visible.indexOf(state.focusedIndex);
  if (at < 0) return state;
  const next = visible[Math.min(visible.length - 1, Math.max(0, at + step))];
  return next === state.focusedIndex ? state : { ...state, focusedIndex: next };
}

/** Changes the search; focus stays on its row while that row still matches, else goes to the first match. */
function withSearch(state: AddPaneState, search: string): AddPaneState {
  if (search === state.search) return state;
  const visible = visibleRowIndexes({ rows: state.rows, search });
  const focusedIndex = visible.includes(state.focusedIndex) || visible.length === 0 ? state.focusedIndex : visible[0];
  return { ...state, search, focusedIndex };
}

function updateFocusedSelection(state: AddPaneState, change: (row: AddPaneRow, selection: RowSelection) => RowSelection): AddPaneState {
  const focused = focusedRow(state);
  if (!focused) return state;
  const next = change(focused.row, focused.selection);
  if (JSON.stringify(next) === JSON.stringify(focused.selection)) return state;
  const selections = state.selections.map((s, i) => (i === focused.index ? next : s));
  return { ...state, selections };
}

function launch(state: AddPaneState): AddPaneStep {
  const focused = focusedRow(state);
  if (!focused) {
    return state.search === '' ? { state } : { state, outcome: { message: `Nothing matches "${state.search}". Esc clears the search.` } };
  }
  const { row, selection } = focused;
  if (row.kind === 'agent' && selection.kind === 'agent') {
    if (!row.installed) {
      const how = row.installHint === '' ? '' : ` Install it with: ${row.installHint}`;
      return { state, outcome: { message: `${row.label} is not installed.${how}` } };
    }
    const model = selection.modelIndex > 0 ? modelChoices(row)[selection.modelIndex] : undefined;
    const effort = selection.effort === 'default' ? undefined : selection.effort;
    return {
      state,
      outcome: {
        launch: { kind: 'agent', agent: row.agent, side: state.side, ...(model ? { model } : {}), ...(effort ? { effort } : {}) },
      },
    };
  }
  if (row.kind === 'terminal' && selection.kind === 'terminal') {
    const shell = shellChoices(row)[selection.shellIndex];
    if (!shell?.available) return { state, outcome: { message: 'No shell profile is available on this machine.' } };
    return { state, outcome: { launch: { kind: 'terminal', shellProfile: shell.id, side: state.side } } };
  }
  return { state };
}

function withoutLastGrapheme(text: string): string {
  const graphemes = [...graphemeSegmenter.segment(text)];
  const last = graphemes.at(-1);
  return last ? text.slice(0, last.index) : text;
}
