// Decides who gets each key from a client: tessera (after the prefix), an open overlay or question,
// or the focused pane (re-encoded for the modes that pane asked for).

import { KEY_REPEAT_MS } from '../../limits.js';
import { encodeForPane, type PaneInputModes } from '../../term/keys/encode.js';
import type { KeyToken } from '../../term/keys/decode.js';
import type { KeyActions } from '../keys/keyActions.js';
import type { Keymap } from '../keys/keymap.js';
import type { PrefixKey } from '../keys/prefixKey.js';

/** The prefix pressed twice sends it to the pane: listed in help, handled here. */
export const ROUTER_HELP = [{ keys: 'the prefix again', description: 'send the prefix key itself to the pane' }];

export interface RouterHost {
  actions: KeyActions;
  /** The prefix and keymap in force now (they change when the settings are reloaded). */
  keys(): { prefix: PrefixKey; keymap: Keymap };
  setPrefixPending(pending: boolean): void;
  /** Gives a key to an open overlay (help, add-pane dialog); false when none is open. */
  overlayKey(token: KeyToken): boolean;
  /** Gives a key to the focused pane's scroll mode; false when it shows the live screen. */
  scrollKey(token: KeyToken): boolean;
  /** A mouse report from the outer terminal. */
  mouse(token: KeyToken): void;
  setMessage(text: string | undefined, tone?: 'info' | 'error' | 'question'): void;
  /** The focused pane: where keys go, unless its program has exited. */
  focusedPane(): (InputTarget & { asleep: boolean }) | undefined;
  /** Other panes that get what is typed into the focused one (synchronized input). */
  syncedPanes(): InputTarget[];
  dismissExitedPane(): void;
  /** Enter in a sleeping agent's pane starts it again. */
  wakeFocusedPane(): void;
}

interface InputTarget {
  write(data: string): boolean;
  inputModes: PaneInputModes;
  isLive: boolean;
}

export class KeyRouter {
  private prefixPending = false;
  /** Until this time (performance.now()), a resize key repeats without the prefix; 0 when not. */
  private repeatUntil = 0;
  private question: { onYes: () => void } | undefined;

  constructor(private readonly host: RouterHost) {}

  /** Asks a yes/no question in the status bar; `y` runs onYes, any other key cancels. */
  ask(text: string, onYes: () => void): void {
    this.question = { onYes };
    this.host.setMessage(`${text} (y/n)`, 'question');
  }

  handle(tokens: KeyToken[]): void {
    for (const token of tokens) this.handleOne(token);
  }

  private handleOne(token: KeyToken): void {
    if (token.kind === 'focus-in' || token.kind === 'focus-out' || token.kind === 'reply') return;
    const host = this.host;
    const { prefix, keymap } = host.keys();
    if (token.kind === 'mouse') {
      if (!this.question && !this.prefixPending) host.mouse(token);
      return;
    }
    if (this.question) {
      const { onYes } = this.question;
      this.question = undefined;
      host.setMessage(undefined);
      if (token.kind === 'key' && (token.key?.char === 'y' || token.key?.char === 'Y')) onYes();
      return;
    }
    if (host.overlayKey(token)) return;
    if (this.prefixPending) {
      this.prefixPending = false;
      host.setPrefixPending(false);
      host.setMessage(undefined);
      if (prefix.matches(token)) {
        const pane = host.focusedPane();
        if (pane?.isLive) for (const target of [pane, ...host.syncedPanes()]) target.write(prefix.bytes);
        return;
      }
      const action = keymap.find(token);
      if (action) {
        void action.run(host.actions);
        // As tmux's repeat-time: more resize keys follow without the prefix for a moment.
        this.repeatUntil = REPEATABLE_ACTIONS.has(action.name) ? performance.now() + KEY_REPEAT_MS : 0;
      } else host.setMessage(`${prefix.label} ${describe(token)}: no such key (${helpHint(prefix, keymap)})`, 'error');
      return;
    }
    if (this.repeatUntil > 0) {
      const action = performance.now() < this.repeatUntil ? keymap.find(token) : undefined;
      if (action && REPEATABLE_ACTIONS.has(action.name)) {
        void action.run(host.actions);
        this.repeatUntil = performance.now() + KEY_REPEAT_MS;
        return;
      }
      this.repeatUntil = 0;
    }
    if (prefix.matches(token)) {
      this.prefixPending = true;
      host.setPrefixPending(true);
      return;
    }
    if (host.scrollKey(token)) return;
    host.setMessage(undefined);
    const pane = host.focusedPane();
    if (!pane) return;
    if (!pane.isLive) {
      const enter = token.kind === 'key' && token.key?.name === 'enter';
      // A sleeping agent: Enter wakes it. An exited program, or an agent that is not installed: Enter (or q) closes the pane.
      if (pane.asleep) {
        if (enter) host.wakeFocusedPane();
      } else if (enter || (token.kind === 'key' && token.key?.char === 'q')) host.dismissExitedPane();
      return;
    }
    if (!pane.write(encodeForPane(token, pane.inputModes))) {
      host.setMessage('this pane is not reading its input: too much is already waiting, so that was dropped', 'error');
    }
    // Each synchronized pane gets the key encoded for the modes it asked for; one that is not
    // reading loses it alone, and the others are not held up.
    for (const other of host.syncedPanes()) other.write(encodeForPane(token, other.inputModes));
  }
}

/** Actions that repeat without the prefix when pressed again within KEY_REPEAT_MS. */
const REPEATABLE_ACTIONS = new Set(['resize-left', 'resize-right', 'resize-up', 'resize-down']);

function helpHint(prefix: PrefixKey, keymap: Keymap): string {
  const key = keymap.keysOf('help')[0];
  return key === undefined ? 'the help action lists them' : `${prefix.label} ${key} lists them`;
}

function describe(token: KeyToken): string {
  if (token.key?.char) return token.key.char;
  if (token.key?.name) return token.key.name;
  return JSON.stringify(token.raw);
}
