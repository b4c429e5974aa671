// OSC 52 clipboard writes from a program (`ESC ] 52 ; Pc ; base64 ST`), checked before they are passed
// to the user's terminal. Reading the clipboard (`Pd` = `?`) is never passed on: a program must not
// learn what the user copied elsewhere.

import type { IDisposable } from '@xterm/headless';
import { MAX_CLIPBOARD_BYTES } from '../limits.js';
import type { Emulator } from './emulator.js';

export type ClipboardWrite = { ok: true; selection: string; base64: string } | { ok: false; reason: string };

/** Clipboard and selection letters of xterm's OSC 52 (c clipboard, p primary, q secondary, s select, 0–7 cut buffers). */
const SELECTION = /^[cpqs0-7]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Checks one OSC 52 payload (what follows `52;`). */
export function parseClipboardWrite(data: string): ClipboardWrite {
  const semicolon = data.indexOf(';');
  if (semicolon < 0) return { ok: false, reason: 'a clipboard write without data' };
  const selection = data.slice(0, semicolon);
  const base64 = data.slice(semicolon + 1);
  if (!SELECTION.test(selection)) return { ok: false, reason: `unknown clipboard '${selection.slice(0, 16)}'` };
  if (base64 === '?') return { ok: false, reason: 'a program asked to read the clipboard (not allowed)' };
  if (base64.length > MAX_CLIPBOARD_BYTES) {
    return { ok: false, reason: `a clipboard write of ${kilobytes(base64.length)} was refused (the limit is ${kilobytes(MAX_CLIPBOARD_BYTES)})` };
  }
  if (!BASE64.test(base64) || base64.length % 4 !== 0) return { ok: false, reason: 'a clipboard write that is not base64' };
  return { ok: true, selection: selection === '' ? 'c' : selection, base64 };
}

/** A write longer than the clamp lets through (MAX_CLIPBOARD_SEQUENCE_BYTES): dropped as it arrived, never held whole. */
export const OVERSIZED_CLIPBOARD_WRITE: ClipboardWrite = {
  ok: false,
  reason: `a clipboard write of more than ${kilobytes(MAX_CLIPBOARD_BYTES)} (the limit) was refused`,
};

/**
 * Calls `listener` for every OSC 52 sequence the program sends: the emulator's output clamp takes
 * them out of the output whole (xterm would ignore them, after building up to a megabyte a
 * character at a time), or drops them for their length.
 */
export function watchClipboardWrites(emulator: Emulator, listener: (write: ClipboardWrite) => void): IDisposable {
  return emulator.onStrings({
    taken: (ident, data) => {
      if (ident === 52) listener(parseClipboardWrite(data));
    },
    dropped: (ident) => {
      if (ident === 52) listener(OVERSIZED_CLIPBOARD_WRITE);
    },
  });
}

function kilobytes(n: number): string {
  return `${Math.ceil(n / 1024)} KB`;
}
