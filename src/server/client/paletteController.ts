// The command palette for one client: the list of actions with their keys, and keys typed into it.

import { paletteRect } from '../../app/palette/geometry.js';
import { initialPaletteState, type PaletteItem } from '../../app/palette/model.js';
import { pasteIntoPalette, reducePalette, type PaletteOutcome } from '../../app/palette/reducer.js';
import type { Overlay } from '../../app/chromeModel.js';
import type { KeyToken } from '../../term/keys/token.js';
import { ACTIONS } from '../keys/actions.js';
import { keyLabel } from '../keys/keyLabel.js';
import type { Keymap } from '../keys/keymap.js';

export type PaletteOverlay = Extract<Overlay, { kind: 'palette' }>;

/** Every action but the palette itself, with the keys in force. */
export function actionPalette(keymap: Keymap, cols: number, rows: number): PaletteOverlay {
  const items: PaletteItem[] = ACTIONS.filter((a) => a.name !== 'command-palette').map((action) => ({
    id: action.name,
    label: action.name,
    detail: action.description,
    keys: keymap.keysOf(action.name).map(keyLabel).join(' '),
  }));
  return { kind: 'palette', purpose: 'action', state: initialPaletteState('Run an action', items), rect: paletteRect(cols, rows, items.length) };
}

/** A palette of other things to choose (files to view): same list, same keys. */
export function listPalette(purpose: PaletteOverlay['purpose'], title: string, items: PaletteItem[], emptyText: string, cols: number, rows: number): PaletteOverlay {
  return { kind: 'palette', purpose, state: initialPaletteState(title, items, emptyText), rect: paletteRect(cols, rows, items.length) };
}

export function paletteKey(overlay: PaletteOverlay, token: KeyToken): { overlay: PaletteOverlay; outcome?: PaletteOutcome } {
  let step;
  if (token.kind === 'paste' && token.paste !== undefined) step = pasteIntoPalette(overlay.state, token.paste);
  else if (token.kind === 'key' && token.key) step = reducePalette(overlay.state, token.key);
  else return { overlay };
  return { overlay: { ...overlay, state: step.state }, outcome: step.outcome };
}
