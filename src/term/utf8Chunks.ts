// A pane's output reaches its emulator as bytes, never decoded into a string (see readBytes in
// pty/ptyProcess.ts). This puts the bytes in the shape the rest of the output path counts on: whole
// characters only, and valid UTF-8.
//
// Whole characters: xterm decodes UTF-8 across writes, but loses a character whose second byte is
// 0x80 when a write ends after it (`…` is E2 80 A6), and the output clamp reads a character at a time.
// Valid: bytes that are not UTF-8 become U+FFFD, as a text decoder shows them (xterm would drop them,
// so a binary file written to a pane would show nothing where tmux shows replacement characters).

import { isUtf8 } from 'node:buffer';

/** Splits a byte stream into chunks of whole, valid UTF-8 characters. */
export class Utf8Chunks {
  /** The start of a character whose other bytes have not come yet. */
  private carry: Buffer | undefined;
  private readonly decoder = new TextDecoder('utf-8');

  /**
   * The characters `chunk` completes: the bytes carried from the last chunk and this one's, less an
   * unfinished character at its end (kept for the next). The chunk itself when nothing needs doing.
   */
  next(chunk: Buffer): Buffer {
    let data = chunk;
    if (this.carry) {
      data = Buffer.concat([this.carry, chunk]);
      this.carry = undefined;
    }
    const end = wholeCharactersEnd(data);
    if (end < data.length) {
      this.carry = Buffer.from(data.subarray(end));
      data = data.subarray(0, end);
    }
    if (isUtf8(data)) return data;
    return Buffer.from(this.decoder.decode(data), 'utf8');
  }

  /** The stream ended: a character left unfinished is shown as U+FFFD. */
  end(): Buffer {
    const rest = this.carry;
    this.carry = undefined;
    return rest ? Buffer.from(this.decoder.decode(rest), 'utf8') : Buffer.alloc(0);
  }
}

/**
 * Where `data` stops holding whole characters: the index of a valid but unfinished character at its
 * end, or its length. (Bytes that cannot begin a character are left to the decoder, which replaces them.)
 */
export function wholeCharactersEnd(data: Uint8Array): number {
  const length = data.length;
  for (let back = 1; back <= 3 && back <= length; back++) {
    const lead = data[length - back];
    if (isContinuation(lead)) continue;
    if (sequenceLength(lead) <= back) return length;
    return back >= 2 && !validSecondByte(lead, data[length - back + 1]) ? length : length - back;
  }
  return length;
}

/** The index at or before `index` where a character of valid UTF-8 `data` starts. */
export function characterStart(data: Uint8Array, index: number): number {
  let at = Math.min(index, data.length);
  while (at > 0 && at < data.length && isContinuation(data[at])) at--;
  return at;
}

const isContinuation = (byte: number): boolean => (byte & 0xc0) === 0x80;

/** The bytes of the character a byte starts; 1 for ASCII and for bytes that cannot start one. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

/** UTF-8's limits on a second byte: no overlong forms, no surrogates, nothing past U+10FFFF. */
function validSecondByte(lead: number, second: number): boolean {
  if (lead === 0xe0) return second >= 0xa0 && second <= 0xbf;
  if (lead === 0xed) return second >= 0x80 && second <= 0x9f;
  if (lead === 0xf0) return second >= 0x90 && second <= 0xbf;
  if (lead === 0xf4) return second >= 0x80 && second <= 0x8f;
  return isContinuation(second);
}
