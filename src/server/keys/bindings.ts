// The keys that follow the prefix, one entry each: what to press, what it does, and the action.

import type { KeyToken } from '../../term/keys/decode.js';
import type { KeyActions } from './keyActions.js';

export interface Binding {
  /** How the keys are written in the help overlay and README. */
  keys: string;
  description: string;
  matches(token: KeyToken): boolean;
  run(actions: KeyActions): void | Promise<void>;
}

const char = (...chars: string[]) => (token: KeyToken) =>
  token.kind === 'key' && token.key?.char !== undefined && !token.key.ctrl && !token.key.alt && chars.includes(token.key.char);
const named = (name: string, modifiers: { shift?: boolean; ctrl?: boolean } = {}) => (token: KeyToken) =>
  token.kind === 'key' &&
  token.key?.name === name &&
  Boolean(token.key.shift) === Boolean(modifiers.shift) &&
  Boolean(token.key.ctrl) === Boolean(modifiers.ctrl) &&
  !token.key.alt;
const either =
  (...tests: ((token: KeyToken) => boolean)[]) =>
  (token: KeyToken) =>
    tests.some((test) => test(token));

/** Cells a resize key moves a border by. */
const RESIZE_STEP_COLS = 2;
const RESIZE_STEP_ROWS = 1;

export const BINDINGS: Binding[] = [
  { keys: '| or %', description: 'split: new pane to the right', matches: char('|', '%'), run: (a) => a.split('right') },
  { keys: '- or "', description: 'split: new pane below', matches: char('-', '"'), run: (a) => a.split('down') },
  { keys: '←↑↓→ or h j k l', description: 'focus the pane in that direction', matches: either(named('left'), char('h')), run: (a) => a.focus('left') },
  { keys: '', description: '', matches: either(named('right'), char('l')), run: (a) => a.focus('right') },
  { keys: '', description: '', matches: either(named('up'), char('k')), run: (a) => a.focus('up') },
  { keys: '', description: '', matches: either(named('down'), char('j')), run: (a) => a.focus('down') },
  { keys: 'o / O', description: 'focus the next / previous pane', matches: char('o'), run: (a) => a.focusNext(1) },
  { keys: '', description: '', matches: char('O'), run: (a) => a.focusNext(-1) },
  {
    keys: 'Shift+←↑↓→ or H J K L',
    description: "move the focused pane's border (resize)",
    matches: either(named('left', { shift: true }), char('H')),
    run: (a) => a.resizeBorder('left', RESIZE_STEP_COLS),
  },
  { keys: '', description: '', matches: either(named('right', { shift: true }), char('L')), run: (a) => a.resizeBorder('right', RESIZE_STEP_COLS) },
  { keys: '', description: '', matches: either(named('up', { shift: true }), char('K')), run: (a) => a.resizeBorder('up', RESIZE_STEP_ROWS) },
  { keys: '', description: '', matches: either(named('down', { shift: true }), char('J')), run: (a) => a.resizeBorder('down', RESIZE_STEP_ROWS) },
  { keys: '=', description: 'make all panes equal', matches: char('='), run: (a) => a.equalize() },
  { keys: 'z', description: 'zoom the focused pane (toggle); others keep running', matches: char('z'), run: (a) => a.zoom() },
  { keys: 'a', description: 'add a pane: an agent (claude, codex, …) or a shell', matches: char('a'), run: (a) => a.openAddPane() },
  { keys: 'x', description: 'close the focused pane (asks first)', matches: char('x'), run: (a) => a.askClose() },
  { keys: 'd', description: 'detach (everything keeps running)', matches: char('d'), run: (a) => a.detach() },
  { keys: 'r', description: 'redraw the screen', matches: char('r'), run: (a) => a.redraw() },
  { keys: 'y', description: 'approval: Allow (the waiting pane that owns the bar)', matches: char('y'), run: (a) => a.answer('allow') },
  { keys: 'n', description: 'approval: Deny', matches: char('n'), run: (a) => a.answer('deny') },
  { keys: 'Esc', description: 'approval: Abort the turn (when a pane waits; else cancel)', matches: named('escape'), run: (a) => a.answer('abort') },
  { keys: 'w', description: 'focus the next pane that waits for you', matches: char('w'), run: (a) => a.jumpToWaiting() },
  { keys: '?', description: 'show this help', matches: char('?'), run: (a) => a.showHelp() },
];

/** The prefix pressed twice sends it to the pane; Esc cancels. Listed in help, handled by the router. */
export const ROUTER_HELP = [{ keys: 'the prefix again', description: 'send the prefix key itself to the pane' }];

export function findBinding(token: KeyToken): Binding | undefined {
  return BINDINGS.find((b) => b.matches(token));
}

/** The help overlay's rows: bindings that have a description, then the router's own keys. */
export function helpEntries(): { keys: string; description: string }[] {
  return [...BINDINGS.filter((b) => b.keys !== '').map(({ keys, description }) => ({ keys, description })), ...ROUTER_HELP];
}
