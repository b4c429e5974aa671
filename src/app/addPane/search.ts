// Which rows the search box lets through: a case-insensitive substring of the row's name.

import { visibleText } from '../../term/visibleText.js';
import type { AddPaneRow, AddPaneState } from './model.js';

export function rowMatches(row: AddPaneRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const names = row.kind === 'agent' ? [row.label, row.agent] : [row.label];
  // The names as the dialog shows them (control characters as marks), so the server and the drawing agree.
  return names.some((name) => visibleText(name).toLowerCase().includes(needle));
}

/** Indexes in `state.rows` of the rows the search lets through, in their order. */
export function visibleRowIndexes(state: Pick<AddPaneState, 'rows' | 'search'>): number[] {
  const out: number[] = [];
  state.rows.forEach((row, i) => {
    if (rowMatches(row, state.search)) out.push(i);
  });
  return out;
}

export function visibleRows(state: Pick<AddPaneState, 'rows' | 'search'>): AddPaneRow[] {
  return visibleRowIndexes(state).map((i) => state.rows[i]);
}
