// The command palette for one client: the list of actions with their keys, and keys typed into it.

import { paletteRect } from '../../app/palette/geometry.js';
import { initialPaletteState, type PaletteItem, type PaletteState } from '../../app/palette/model.js';
import { pasteIntoPalette, reducePalette, type PaletteOutcome } from '../../app/palette/reducer.js';
import type { Overlay } from '../../app/chromeModel.js';
import type { KeyToken } from '../../term/keys/token.js';
import { findServerCommand } from '../commands/index.js';
import { checkCommandLine } from '../keys/commandBindings.js';
import { keyLabel } from '../keys/keyLabel.js';
import type { Keymap } from '../keys/keymap.js';

export type PaletteOverlay = Extract<Overlay, { kind: 'palette' }>;

/** An item that runs the typed command line: its id is this and the line. */
export const COMMAND_LINE_ITEM = 'command-line:';

/**
 * Every action but the palette itself, with the keys in force (bound command lines too). Typing a
 * tessera command line (`split --right`, `resize-pane --left 5`) offers to run it, as tmux's `:`.
 */
export function actionPalette(keymap: Keymap, cols: number, rows: number): PaletteOverlay {
  const items: PaletteItem[] = keymap
    .actions()
    .filter((a) => a.name !== 'command-palette')
    .map((action) => ({
      id: action.name,
      label: action.name,
      detail: action.description,
      keys: keymap.keysOf(action.name).map(keyLabel).join(' '),
    }));
  return { kind: 'palette', purpose: 'action', state: initialPaletteState('Run an action', items, 'nothing matches (a tessera command line, such as split --right, runs with Enter)'), rect: paletteRect(cols, rows, items.length + 1) };
}

/** The action palette's items with the typed text offered as a command line, when it starts with a command's name. */
function offerCommandLine(state: PaletteState): PaletteState {
  const items = state.items.filter((item) => !item.id.startsWith(COMMAND_LINE_ITEM));
  const line = state.query.trim();
  const name = line.split(/\s+/)[0] ?? '';
  if (!findServerCommand(name)?.definition) return items.length === state.items.length ? state : { ...state, items };
  const checked = checkCommandLine(line);
  const offer: PaletteItem = { id: `${COMMAND_LINE_ITEM}${line}`, label: `tessera ${line}`, detail: typeof checked === 'string' ? checked : 'Enter runs it' };
  return { ...state, items: [offer, ...items], selected: 0 };
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
  const state = overlay.purpose === 'action' && step.outcome === undefined ? offerCommandLine(step.state) : step.state;
  return { overlay: { ...overlay, state }, outcome: step.outcome };
}
