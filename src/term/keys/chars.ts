// What a single character of legacy terminal input means as a key: text, a C0 control, Backspace.

import type { Key } from './token.js';

const ESC = 0x1b;

/** The key one character (one code point) stands for, or undefined for C1 controls and lone surrogates. */
export function keyForChar(ch: string): Key | undefined {
  const code = ch.codePointAt(0);
  if (code === undefined) return undefined;
  switch (code) {
    case 0x00:
      return control('space');
    case 0x09:
      return plain('tab');
    case 0x0d:
      return plain('enter');
    case ESC:
      return plain('escape');
    case 0x1c:
      return control('\\');
    case 0x1d:
      return control(']');
    case 0x1e:
      return control('^');
    case 0x1f:
      return control('_');
    case 0x7f:
      return plain('backspace');
    case 0x20:
      return { name: 'space', ctrl: false, alt: false, shift: false, char: ' ' };
  }
  if (code < 0x20) return control(String.fromCharCode(code + 0x60));
  if ((code >= 0x80 && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  if (code >= 0x41 && code <= 0x5a) return { name: ch.toLowerCase(), ctrl: false, alt: false, shift: true, char: ch };
  return { name: ch, ctrl: false, alt: false, shift: false, char: ch };
}

/** The same key with Alt held (an ESC in front of it): it no longer types text. */
export function withAlt(key: Key): Key {
  const { char: _char, ...rest } = key;
  return { ...rest, alt: true };
}

/** A character a key name can stand for: letters, digits, punctuation, any non-control code point. */
export function isTextName(name: string): boolean {
  const code = name.codePointAt(0);
  if (code === undefined || String.fromCodePoint(code).length !== name.length) return false;
  return code > 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f) && !(code >= 0xd800 && code <= 0xdfff);
}

function plain(name: string): Key {
  return { name, ctrl: false, alt: false, shift: false };
}

function control(name: string): Key {
  return { name, ctrl: true, alt: false, shift: false };
}
