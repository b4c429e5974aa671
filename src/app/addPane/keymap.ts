// Which key does what in the "add a pane" dialog: decoded keys in, dialog actions out.

import type { Key } from '../../term/keys/token.js';

/** The parts of a decoded key the dialog looks at. */
export type AddPaneKey = Pick<Key, 'name' | 'ctrl' | 'alt' | 'shift' | 'char' | 'event'>;

export type AddPaneAction =
  | { type: 'move'; step: 1 | -1 }
  | { type: 'cycleChoice'; step: 1 | -1 }
  | { type: 'cycleEffort'; step: 1 | -1 }
  | { type: 'launch' }
  /** Clears the search when there is one, else closes. */
  | { type: 'escape' }
  | { type: 'close' }
  | { type: 'toggleSide' }
  | { type: 'type'; text: string }
  | { type: 'deleteBack' }
  | { type: 'clearSearch' };

/** Ctrl+S ("split") flips where the pane goes; a printable key could not, it types into the search. */
export const SIDE_TOGGLE_LABEL = 'C-s';

export function addPaneAction(key: AddPaneKey): AddPaneAction | undefined {
  if (key.event === 'release') return undefined;
  const { name, ctrl, alt, shift } = key;
  const plain = !ctrl && !alt;
  if (ctrl && !alt) {
    switch (name) {
      case 'p':
        return { type: 'move', step: -1 };
      case 'n':
        return { type: 'move', step: 1 };
      case 's':
        return { type: 'toggleSide' };
      case 'u':
        return { type: 'clearSearch' };
      case 'c':
        return { type: 'close' };
      // Some terminals send Ctrl+H for Backspace.
      case 'h':
        return { type: 'deleteBack' };
    }
  }
  if (!plain) return undefined;
  switch (name) {
    case 'up':
      return { type: 'move', step: -1 };
    case 'down':
      return { type: 'move', step: 1 };
    case 'left':
      return { type: 'cycleChoice', step: -1 };
    case 'right':
      return { type: 'cycleChoice', step: 1 };
    case 'tab':
      return { type: 'cycleEffort', step: shift ? -1 : 1 };
    case 'enter':
      return { type: 'launch' };
    case 'escape':
      return { type: 'escape' };
    case 'backspace':
      return { type: 'deleteBack' };
  }
  if (plain && key.char !== undefined && key.char !== '') return { type: 'type', text: key.char };
  return undefined;
}
