// The command palette as plain data: a title, what was typed, the items and which one is selected.
// The same list serves every picker the palette shows (actions, files to view).

import { visibleText } from '../../term/visibleText.js';
import { fuzzyFilter, type FuzzyMatch } from '../fuzzy.js';

export interface PaletteItem {
  /** What the chooser gets back (an action name, a file path). */
  id: string;
  label: string;
  /** The key that runs it, shown on the right (empty when none). */
  keys?: string;
  /** A description, shown after the label in a quieter colour; searched too. */
  detail?: string;
}

export interface PaletteState {
  title: string;
  query: string;
  items: PaletteItem[];
  /** Index into the filtered items. */
  selected: number;
  /** Shown when nothing matches (e.g. why a file list is empty). */
  emptyText: string;
}

export interface ShownItem {
  item: PaletteItem;
  match: FuzzyMatch;
}

/** The text the search runs on: the label and the description, one space apart. */
/**
 * What the search matches: the text as the row shows it (the chrome shows every string with its control
 * characters as marks), so the server's list and the drawn one agree on which row is selected.
 */
export const searchText = (item: PaletteItem): string => visibleText(item.detail ? `${item.label} ${item.detail}` : item.label);

export function shownItems(state: Pick<PaletteState, 'items' | 'query'>): ShownItem[] {
  return fuzzyFilter(state.items, state.query, searchText);
}

export function initialPaletteState(title: string, items: PaletteItem[], emptyText = 'nothing matches'): PaletteState {
  return { title, query: '', items, selected: 0, emptyText };
}
