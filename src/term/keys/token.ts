// What the input decoder produces: one token per key press, paste, focus change, mouse report or reply.

import type { MouseEvent } from './mouse.js';

/** A decoded key press. Names are lowercase: 'a', '\\', 'space', 'enter', 'up', 'f12', … */
export interface Key {
  /** Letters are named by their lowercase form (shift says whether it was a capital); other characters by themselves. */
  name: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** The text the key types, when it types text (not for Ctrl or Alt combinations). */
  char?: string;
  /** Only the kitty keyboard protocol can report these modifiers. */
  super?: boolean;
  hyper?: boolean;
  meta?: boolean;
  /** Set when the outer terminal reports key events (kitty protocol); absent means a press. */
  event?: 'press' | 'repeat' | 'release';
  /** The outer terminal used CSI u (kitty) or modifyOtherKeys: a pane gets the legacy bytes instead. */
  extended?: boolean;
}

/**
 * `raw` is exactly the input that made the token, so joining the raw of every token gives the input back.
 * 'reply' is the outer terminal answering a query (cursor position, device attributes, OSC colors, mode
 * reports): never a key, never for a pane. 'unknown' is anything else that could not be understood.
 */
export interface KeyToken {
  raw: string;
  key?: Key;
  /** The pasted text, without the bracketed-paste markers. */
  paste?: string;
  /** A mouse report, decoded (absent when it was malformed). */
  mouse?: MouseEvent;
  kind: 'key' | 'paste' | 'focus-in' | 'focus-out' | 'mouse' | 'reply' | 'unknown';
}

export interface Modifiers {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  super?: boolean;
  hyper?: boolean;
  meta?: boolean;
}

const SHIFT = 1;
const ALT = 2;
const CTRL = 4;
const SUPER = 8;
const HYPER = 16;
const META = 32;
/** Caps Lock and Num Lock: reported by kitty, but a key means the same with them on. */
const LOCKS = 64 | 128;

/** Decodes the xterm / kitty modifier parameter (1 + a bit set); undefined when it is not one. */
export function modifiersFromParam(param: number): Modifiers | undefined {
  if (!Number.isInteger(param) || param < 1 || param > 256) return undefined;
  const bits = (param - 1) & ~LOCKS;
  const mods: Modifiers = { ctrl: (bits & CTRL) !== 0, alt: (bits & ALT) !== 0, shift: (bits & SHIFT) !== 0 };
  if (bits & SUPER) mods.super = true;
  if (bits & HYPER) mods.hyper = true;
  if (bits & META) mods.meta = true;
  return mods;
}

/** The kitty modifier parameter: Shift, Alt, Ctrl, Super, Hyper and Meta (1 when none is held). */
export function kittyModifierParam(key: Modifiers): number {
  return modifierParam(key) + (key.super ? SUPER : 0) + (key.hyper ? HYPER : 0) + (key.meta ? META : 0);
}

/** The xterm modifier parameter for Shift / Alt / Ctrl (1 when none is held). */
export function modifierParam(key: Pick<Key, 'ctrl' | 'alt' | 'shift'>): number {
  return 1 + (key.shift ? SHIFT : 0) + (key.alt ? ALT : 0) + (key.ctrl ? CTRL : 0);
}
