// The footer's key hints, which follow the focused row: only keys that would do something are shown.

import { SIDE_TOGGLE_LABEL } from './keymap.js';
import type { AddPaneState } from './model.js';
import { focusedRow } from './reducer.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';

const SEPARATOR = '  ';

export function footerHints(state: AddPaneState, width: number): Segment[] {
  const focused = focusedRow(state)?.row;
  const hints: Array<[string, string]> = [['↑↓', 'move']];
  if (focused?.kind === 'agent' && focused.installed) hints.push(['←→', 'model'], ['Tab', 'effort']);
  if (focused?.kind === 'terminal') hints.push(['←→', 'shell']);
  if (focused && (focused.kind === 'terminal' || focused.installed)) hints.push(['Enter', 'open']);
  hints.push(['Esc', state.search === '' ? 'close' : 'clear']);
  // Where the pane goes is a setting, not just a key: it leads, so it survives a narrow box.
  const side = [seg(SIDE_TOGGLE_LABEL, 'key'), seg(' split '), seg(state.side, 'value')];
  const rest = hints.flatMap(([key, what]) => [seg(SEPARATOR), seg(key, 'key'), seg(` ${what}`, 'caption')]);
  return fitSegments([...side, ...rest], width);
}
