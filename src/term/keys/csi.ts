// Turning one complete CSI or SS3 sequence from the outer terminal into a token (key, focus, mouse, reply).

import { isTextName, keyForChar } from './chars.js';
import { CSI_LETTER_KEYS, SS3_KEYS, TILDE_KEYS, kittyFunctionalName } from './functional.js';
import { parseMouse } from './mouse.js';
import { modifiersFromParam, type Key, type KeyToken, type Modifiers } from './token.js';

/** What `ESC [ 200 ~` turns into: the start of a bracketed paste, which the decoder collects itself. */
export const PASTE_START_MARK = 'paste-start';

const KITTY_PRIVATE_FIRST = 0xe000;
const KITTY_PRIVATE_LAST = 0xf8ff;

/** `body` is everything between `ESC [` and the final character. */
export function tokenFromCsi(raw: string, body: string, final: string): KeyToken | typeof PASTE_START_MARK {
  if (body === '' && final === 'I') return { kind: 'focus-in', raw };
  if (body === '' && final === 'O') return { kind: 'focus-out', raw };
  if (body.startsWith('<') && (final === 'M' || final === 'm')) return mouseToken(raw);
  // Private markers (`?`, `>`, `=`) and intermediates only appear in answers to queries, never in keys.
  if (/^[<=>?]|[ -/]/.test(body)) return { kind: 'reply', raw };
  const fields = parseParams(body);
  if (fields === undefined) return { kind: 'unknown', raw };
  const first = fields[0]?.[0];
  const extended = body.includes(':');

  if (final === 'u') return fromCodePoint(raw, fields, true);
  if (final === '~') {
    if (first === 200 && fields.length === 1) return PASTE_START_MARK;
    if (first === 27 && fields.length === 3) return fromCodePoint(raw, [fields[2], fields[1]], true);
    const name = first === undefined ? undefined : TILDE_KEYS.get(first);
    return name === undefined ? { kind: 'unknown', raw } : functional(raw, name, fields[1], extended);
  }
  if (final === 'M' && fields.length === 3) return mouseToken(raw);
  const name = CSI_LETTER_KEYS[final];
  if (name !== undefined && (first === undefined || first === 1) && fields.length <= 2) {
    const token = functional(raw, name, fields[1], extended);
    if (final === 'Z' && token.key) token.key.shift = true;
    return token;
  }
  // A cursor position report (`ESC [ row ; col R`) or another report the decoder has no use for.
  if (final === 'R' || final === 'c' || final === 'n' || final === 't' || final === 'y') return { kind: 'reply', raw };
  return { kind: 'unknown', raw };
}

/** A mouse report; one that cannot be decoded stays a mouse token (never a key) without details. */
export function mouseToken(raw: string): KeyToken {
  const mouse = parseMouse(raw);
  return mouse ? { kind: 'mouse', raw, mouse } : { kind: 'mouse', raw };
}

/** `final` is the character after `ESC O`. */
export function tokenFromSs3(raw: string, final: string): KeyToken {
  const name = SS3_KEYS[final];
  if (name === undefined) return { kind: 'unknown', raw };
  const key: Key = { name, ctrl: false, alt: false, shift: false };
  if (isTextName(name)) key.char = name;
  return { kind: 'key', raw, key };
}

/** Splits `1;5:3` into [[1], [5, 3]]; empty numbers are undefined. Undefined when anything is not a digit. */
function parseParams(body: string): (number | undefined)[][] | undefined {
  if (body === '') return [];
  if (!/^[\d;:]*$/.test(body)) return undefined;
  return body.split(';').map((field) => field.split(':').map((part) => (part === '' ? undefined : Number(part))));
}

function functional(raw: string, name: string, modField: (number | undefined)[] | undefined, extended: boolean): KeyToken {
  const mods = modifiersFromParam(modField?.[0] ?? 1);
  if (mods === undefined) return { kind: 'unknown', raw };
  const key: Key = { name, ...mods };
  applyEvent(key, modField?.[1]);
  if (extended) key.extended = true;
  return { kind: 'key', raw, key };
}

/**
 * A key given by code point: kitty's `ESC [ code[:shifted] ; mods[:event] ; text u` or modifyOtherKeys'
 * `ESC [ 27 ; mods ; code ~` (passed here as [code], [mods]).
 */
function fromCodePoint(raw: string, fields: (number | undefined)[][], extended: boolean): KeyToken {
  const [codes = [], modField = [], textField = []] = fields;
  const code = codes[0];
  const mods = modifiersFromParam(modField[0] ?? 1);
  if (code === undefined || mods === undefined) return { kind: 'unknown', raw };
  const base = namedCode(code) ?? (isKittyPrivate(code) ? unnamedKittyKey(code) : undefined);
  if (base === undefined) return { kind: 'unknown', raw };
  const { char: baseChar, ...identity } = base;
  const key: Key = { ...identity, ...mods, shift: mods.shift || base.shift };
  if (extended) key.extended = true;
  applyEvent(key, modField[1]);
  if (typesText(mods) && baseChar !== undefined) {
    key.char = textOf(textField) ?? shiftedChar(key, codes[1]) ?? baseChar;
  }
  return { kind: 'key', raw, key };
}

function namedCode(code: number): Key | undefined {
  switch (code) {
    case 8:
    case 127:
      return { name: 'backspace', ctrl: false, alt: false, shift: false };
    case 9:
      return { name: 'tab', ctrl: false, alt: false, shift: false };
    case 13:
      return { name: 'enter', ctrl: false, alt: false, shift: false };
    case 27:
      return { name: 'escape', ctrl: false, alt: false, shift: false };
  }
  const functionalName = kittyFunctionalName(code);
  if (functionalName !== undefined) {
    const key: Key = { name: functionalName, ctrl: false, alt: false, shift: false };
    if (isTextName(functionalName)) key.char = functionalName;
    return key;
  }
  if (code < 0x20 || code > 0x10ffff || isKittyPrivate(code)) return undefined;
  return keyForChar(String.fromCodePoint(code));
}

/** Kitty numbers its other functional keys (media keys, lone modifiers) in the Private Use Area. */
function isKittyPrivate(code: number): boolean {
  return code >= KITTY_PRIVATE_FIRST && code <= KITTY_PRIVATE_LAST;
}

/** Such a key has no legacy bytes, so no pane gets it; its name still tells a binding or a message what it was. */
function unnamedKittyKey(code: number): Key {
  return { name: `kitty-${code}`, ctrl: false, alt: false, shift: false };
}

function typesText(mods: Modifiers): boolean {
  return !mods.ctrl && !mods.alt && !mods.super && !mods.hyper && !mods.meta;
}

function textOf(codes: (number | undefined)[]): string | undefined {
  const valid = codes.filter((c): c is number => c !== undefined && c >= 0x20 && c <= 0x10ffff);
  return valid.length === 0 ? undefined : String.fromCodePoint(...valid);
}

function shiftedChar(key: Key, shifted: number | undefined): string | undefined {
  if (!key.shift) return undefined;
  if (shifted !== undefined && shifted >= 0x20 && shifted <= 0x10ffff) return String.fromCodePoint(shifted);
  return /^[a-z]$/.test(key.name) ? key.name.toUpperCase() : undefined;
}

function applyEvent(key: Key, event: number | undefined): void {
  if (event === 2) key.event = 'repeat';
  else if (event === 3) key.event = 'release';
}
