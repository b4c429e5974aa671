// What each key does in the command palette: type to filter, move the selection, Enter chooses,
// Esc closes.

import type { Key } from '../../term/keys/token.js';
import { shownItems, type PaletteState } from './model.js';
import { graphemes } from '../../term/graphemes.js';

/** Rows PageUp / PageDown move the selection by. */
const PAGE_ROWS = 10;
/** The longest search a palette accepts: more is a paste gone wrong. */
const MAX_QUERY_LENGTH = 200;

export type PaletteOutcome = { choose: string } | { close: true };

export interface PaletteStep {
  state: PaletteState;
  outcome?: PaletteOutcome;
}

export function reducePalette(state: PaletteState, key: Pick<Key, 'name' | 'ctrl' | 'alt' | 'char' | 'event'>): PaletteStep {
  if (key.event === 'release') return { state };
  const count = shownItems(state).length;
  const move = (step: number) => ({ state: { ...state, selected: clamp(state.selected + step, count) } });
  if (key.ctrl && !key.alt) {
    if (key.name === 'p') return move(-1);
    if (key.name === 'n') return move(1);
    if (key.name === 'u') return { state: { ...state, query: '', selected: 0 } };
    if (key.name === 'c' || key.name === 'g') return { state, outcome: { close: true } };
    if (key.name === 'h') return deleteBack(state);
    return { state };
  }
  if (key.alt) return { state };
  switch (key.name) {
    case 'up':
      return move(-1);
    case 'down':
      return move(1);
    case 'pageup':
      return move(-PAGE_ROWS);
    case 'pagedown':
      return move(PAGE_ROWS);
    case 'home':
      return { state: { ...state, selected: 0 } };
    case 'end':
      return { state: { ...state, selected: Math.max(0, count - 1) } };
    case 'escape':
      return { state, outcome: { close: true } };
    case 'backspace':
      return deleteBack(state);
    case 'enter': {
      const chosen = shownItems(state)[state.selected];
      return chosen ? { state, outcome: { choose: chosen.item.id } } : { state };
    }
  }
  if (key.char !== undefined && key.char !== '') return typed(state, key.char);
  return { state };
}

/** Pasted text goes into the search, on one line, without control characters. */
export function pasteIntoPalette(state: PaletteState, text: string): PaletteStep {
  return typed(state, text.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' '));
}

function typed(state: PaletteState, text: string): PaletteStep {
  const query = (state.query + text).slice(0, MAX_QUERY_LENGTH);
  return { state: { ...state, query, selected: 0 } };
}

function deleteBack(state: PaletteState): PaletteStep {
  const clusters = graphemes(state.query);
  return { state: { ...state, query: clusters.slice(0, -1).join(''), selected: 0 } };
}

function clamp(index: number, count: number): number {
  return Math.max(0, Math.min(index, count - 1));
}
