// Which key does what in the "new workspace" dialog: decoded keys in, dialog actions out.

import type { Key } from '../../term/keys/token.js';

/** The parts of a decoded key the dialog looks at. */
export type DialogKey = Pick<Key, 'name' | 'ctrl' | 'alt' | 'shift' | 'char' | 'event'>;

export type DialogAction =
  | { type: 'move'; step: 1 | -1 }
  /** ←/→ on a choice field; Space there too. */
  | { type: 'cycle'; step: 1 | -1 }
  | { type: 'type'; text: string }
  | { type: 'deleteBack' }
  | { type: 'deleteWord' }
  | { type: 'clear' }
  | { type: 'submit' }
  | { type: 'cancel' };

export function dialogAction(key: DialogKey): DialogAction | undefined {
  if (key.event === 'release') return undefined;
  const { name, ctrl, alt, shift } = key;
  if (ctrl && !alt) {
    switch (name) {
      case 'p':
        return { type: 'move', step: -1 };
      case 'n':
        return { type: 'move', step: 1 };
      case 'u':
        return { type: 'clear' };
      case 'w':
        return { type: 'deleteWord' };
      case 'c':
        return { type: 'cancel' };
      // Some terminals send Ctrl+H for Backspace.
      case 'h':
        return { type: 'deleteBack' };
    }
    return undefined;
  }
  if (alt) return name === 'backspace' ? { type: 'deleteWord' } : undefined;
  switch (name) {
    case 'up':
      return { type: 'move', step: -1 };
    case 'down':
      return { type: 'move', step: 1 };
    case 'tab':
      return { type: 'move', step: shift ? -1 : 1 };
    case 'left':
      return { type: 'cycle', step: -1 };
    case 'right':
      return { type: 'cycle', step: 1 };
    case 'enter':
      return { type: 'submit' };
    case 'escape':
      return { type: 'cancel' };
    case 'backspace':
      return { type: 'deleteBack' };
  }
  if (key.char !== undefined && key.char !== '') return { type: 'type', text: key.char };
  return undefined;
}
