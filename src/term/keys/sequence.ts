// Where one token of terminal input ends: plain characters, ESC-prefixed keys, CSI, SS3, OSC and DCS strings.

import { keyForChar, withAlt } from './chars.js';
import { PASTE_START_MARK, mouseToken, tokenFromCsi, tokenFromSs3 } from './csi.js';
import type { KeyToken } from './token.js';

/** Longest CSI sequence waited for: real keys and reports are a few dozen characters; more is garbage. */
export const MAX_SEQUENCE_CHARS = 128;
/** Longest OSC / DCS reply kept whole (a color or version report); anything longer is garbage. */
export const MAX_STRING_CHARS = 4096;

const ESC = '\x1b';
const BEL = '\x07';
const ST_8BIT = '\x9c';

/** The characters after `ESC ]` and `ESC P` that begin an OSC or DCS reply (else it is Alt+] or Alt+P). */
const OSC_OPENER = /\d/;
const DCS_OPENER = /[\d>!|=$+]/;
/** The first character of a CSI body that only the terminal's reports use (mouse reports, answers to queries). */
const REPORT_MARKER = /[<=>?]/;

/** One step through the input: a token and where the next one starts, or the start of a bracketed paste. */
export type Step = { end: number; token: KeyToken } | { end: number; pasteStart: true };

/**
 * Reads the token starting at `i`. Returns undefined when the input ends inside it and more may come;
 * with `atEnd` (nothing more is coming soon) it never does: a pending ESC becomes the Escape key and an
 * unfinished sequence an 'unknown' token, so no input is ever lost.
 */
export function readToken(input: string, i: number, atEnd: boolean): Step | undefined {
  if (input[i] !== ESC) return readChar(input, i, i, atEnd, false);
  const next = input[i + 1];
  if (next === undefined) return atEnd ? readChar(input, i, i, atEnd, false) : undefined;
  switch (next) {
    case ESC:
      // ESC ESC: the first one was the Escape key on its own.
      return readChar(input, i, i, atEnd, false);
    case '[':
      return readCsi(input, i, atEnd);
    case 'O':
      return readSs3(input, i, atEnd);
    case ']':
      return readString(input, i, atEnd, OSC_OPENER);
    case 'P':
      return readString(input, i, atEnd, DCS_OPENER);
    default:
      return readChar(input, i + 1, i, atEnd, true);
  }
}

/** One code point at `at` (with Alt when an ESC at `start` precedes it). */
function readChar(input: string, at: number, start: number, atEnd: boolean, alt: boolean): Step | undefined {
  const code = input.charCodeAt(at);
  let end = at + 1;
  if (code >= 0xd800 && code <= 0xdbff) {
    if (end >= input.length && !atEnd) return undefined;
    const low = input.charCodeAt(end);
    if (low >= 0xdc00 && low <= 0xdfff) end++;
  }
  const raw = input.slice(start, end);
  const key = keyForChar(input.slice(at, end));
  if (key === undefined) return { end, token: { kind: 'unknown', raw } };
  return { end, token: { kind: 'key', raw, key: alt ? withAlt(key) : key } };
}

function readCsi(input: string, i: number, atEnd: boolean): Step | undefined {
  const body = i + 2;
  if (body >= input.length) return atEnd ? readChar(input, i + 1, i, atEnd, true) : undefined;
  if (input[body] === 'M') return readFixed(input, i, body + 4, atEnd, 'mouse');
  if (input[body] === '[') return readLinuxFunctionKey(input, i, atEnd);
  for (let k = body; k < input.length; k++) {
    const code = input.charCodeAt(k);
    if (code >= 0x40 && code <= 0x7e) {
      const raw = input.slice(i, k + 1);
      const token = tokenFromCsi(raw, input.slice(body, k), input[k]);
      return token === PASTE_START_MARK ? { end: k + 1, pasteStart: true } : { end: k + 1, token };
    }
    // Anything else breaks the sequence: ESC [ alone was Alt+[, a started sequence is given up as is.
    if (code < 0x20 || code > 0x3f) {
      if (k === body) return readChar(input, i + 1, i, atEnd, true);
      return { end: k, token: { kind: 'unknown', raw: input.slice(i, k) } };
    }
    if (k - i >= MAX_SEQUENCE_CHARS) return { end: k, token: { kind: 'unknown', raw: input.slice(i, k) } };
  }
  if (!atEnd) return undefined;
  // Never finished: a report cut short is not typed into a pane; anything else is kept as it came.
  const raw = input.slice(i);
  return { end: input.length, token: { kind: REPORT_MARKER.test(input[body]) ? 'reply' : 'unknown', raw } };
}

function readSs3(input: string, i: number, atEnd: boolean): Step | undefined {
  const final = input.charCodeAt(i + 2);
  if (Number.isNaN(final)) return atEnd ? readChar(input, i + 1, i, atEnd, true) : undefined;
  if (final < 0x40 || final > 0x7e) return readChar(input, i + 1, i, atEnd, true);
  return { end: i + 3, token: tokenFromSs3(input.slice(i, i + 3), input[i + 2]) };
}

/** The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`. */
function readLinuxFunctionKey(input: string, i: number, atEnd: boolean): Step | undefined {
  const letter = input[i + 3];
  if (letter === undefined) return atEnd ? { end: input.length, token: { kind: 'unknown', raw: input.slice(i) } } : undefined;
  const raw = input.slice(i, i + 4);
  const index = 'ABCDE'.indexOf(letter);
  if (index < 0) return { end: i + 4, token: { kind: 'unknown', raw } };
  return { end: i + 4, token: { kind: 'key', raw, key: { name: `f${index + 1}`, ctrl: false, alt: false, shift: false } } };
}

/** X10 mouse reports: `ESC [ M` and three characters. */
function readFixed(input: string, i: number, end: number, atEnd: boolean, kind: KeyToken['kind']): Step | undefined {
  if (end <= input.length) {
    const raw = input.slice(i, end);
    return { end, token: kind === 'mouse' ? mouseToken(raw) : { kind, raw } };
  }
  return atEnd ? { end: input.length, token: { kind: 'unknown', raw: input.slice(i) } } : undefined;
}

/**
 * True when `input` begins with a sequence that has started past its introducer and not ended: a CSI
 * with a body (`ESC [ 1`), an OSC or DCS string with its opener (`ESC ] 1`). Its rest is worth waiting
 * for longer than for a lone ESC: nobody types that much within ESCAPE_TIMEOUT_MS, a terminal sends it.
 */
export function startsUnfinishedSequence(input: string): boolean {
  // Past ESC and its introducer, and readToken still waits for more.
  return input.length >= 3 && input[0] === ESC && readToken(input, 0, false) === undefined;
}

/**
 * OSC (`ESC ]`) and DCS (`ESC P`) strings, which only the outer terminal's replies use, ended by BEL or
 * ST (`ESC \`). They are recognised only when `opener` matches the character after the introducer, so
 * Alt+] and Alt+P followed by ordinary typing stay keys. One never finished, or broken off by another
 * sequence, is a reply cut short: it comes out as a reply too (never typed into a pane).
 */
function readString(input: string, i: number, atEnd: boolean, opener: RegExp): Step | undefined {
  const first = input[i + 2];
  if (first === undefined) return atEnd ? readChar(input, i + 1, i, atEnd, true) : undefined;
  if (!opener.test(first)) return readChar(input, i + 1, i, atEnd, true);
  for (let k = i + 2; k < input.length; k++) {
    if (k - i >= MAX_STRING_CHARS) return { end: k, token: { kind: 'unknown', raw: input.slice(i, k) } };
    const ch = input[k];
    if (ch === BEL || ch === ST_8BIT) return { end: k + 1, token: { kind: 'reply', raw: input.slice(i, k + 1) } };
    if (ch !== ESC) continue;
    const after = input[k + 1];
    if (after === '\\') return { end: k + 2, token: { kind: 'reply', raw: input.slice(i, k + 2) } };
    if (after !== undefined) return { end: k, token: { kind: 'reply', raw: input.slice(i, k) } };
    break;
  }
  return atEnd ? { end: input.length, token: { kind: 'reply', raw: input.slice(i) } } : undefined;
}
