// One string a program sends (an OSC, `ESC ] ident ; data`, or a DCS, `ESC P … data`), read by the
// output clamp up to the byte that ends it, and bounded while it arrives: its data past the limit of
// its rule (stringRules.ts) never reaches the emulator, so a 10 MB title is never held whole.
//
// It follows xterm's parser: an OSC ends at BEL, ESC (ESC \ is ST), CAN or SUB (both cancel it) or
// any C1 control (ST and the introducers of other sequences); other C0 controls inside it are
// ignored. A DCS ends the same way, except that BEL and the other C0 controls are part of its data.

import { OTHER_STRING, oscRule, type StringRule } from './stringRules.js';
import { characterStart } from './utf8Chunks.js';

export const enum StringKind {
  Osc,
  Dcs,
}

const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const ESC = 0x1b;
const SEMICOLON = 0x3b;
/** The first byte of U+0080-U+00BF in UTF-8; with a second byte below 0xA0, a C1 control. */
const C1_LEAD = 0xc2;
/** Larger OSC numbers are all unknown: the number stops growing here. */
const MAX_IDENT = 1_000_000;

export class ControlString {
  kind = StringKind.Osc;
  /** The OSC's number, once its `;` has come (-1 before that, and for a DCS). */
  ident = -1;
  private number = 0;
  private readingNumber = true;
  rule: StringRule = OTHER_STRING;
  /** Bytes of the string read so far, and how many of them may be kept. */
  private bytes = 0;
  private keepUpTo = OTHER_STRING.limit;
  /** It passed its limit: the rest of it, up to its end, is left out. */
  overlong = false;
  /** Where the last scan's kept part ended (its bytes from there to the scan's end were left out). */
  keptEnd = 0;
  /** Where the last scan's data began: after an OSC's `;`, or at the scan's end while the number is read. */
  dataFrom = 0;
  /** The data of a string whose rule takes it (StringRule.taken), as read so far. */
  private taken: Buffer[] = [];

  start(kind: StringKind): void {
    this.kind = kind;
    this.ident = -1;
    this.number = 0;
    this.readingNumber = kind === StringKind.Osc;
    this.rule = OTHER_STRING;
    this.bytes = 0;
    this.keepUpTo = OTHER_STRING.limit;
    this.overlong = false;
    this.taken = [];
  }

  /** Keeps bytes `from` to `to` of `chunk` as data of a string taken out of the output. */
  take(chunk: Uint8Array, from: number, to: number): void {
    if (to > from) this.taken.push(Buffer.from(chunk.subarray(from, to)));
  }

  /** The data taken, as the emulator would have read it (controls inside an OSC are not part of it). */
  takenData(): string {
    const data = Buffer.concat(this.taken).toString('utf8');
    this.taken = [];
    return data.replace(/[\x00-\x1f]/g, '');
  }

  /**
   * Reads the string's characters in `chunk` (whole UTF-8 characters) from `from`: returns the index
   * of the byte that ends it, or the chunk's length when it goes on. `keptEnd` says where the part to
   * keep ends; the bytes from there to the returned index are past the limit.
   */
  scan(chunk: Uint8Array, from: number): number {
    const osc = this.kind === StringKind.Osc;
    const length = chunk.length;
    let bytes = this.bytes;
    let i = from;
    this.keptEnd = -1;
    this.dataFrom = this.readingNumber ? -1 : from;
    for (; i < length; i++) {
      const c = chunk[i];
      if (c < 0x20) {
        if (c === ESC || c === CAN || c === SUB || (osc && c === BEL)) break;
        if (osc) continue; // ignored by xterm: not part of the data
      } else if (c === C1_LEAD && chunk[i + 1] < 0xa0) {
        break;
      } else if (this.readingNumber) {
        this.readNumber(c, bytes);
        if (!this.readingNumber) this.dataFrom = i + 1;
      }
      if (++bytes > this.keepUpTo && !this.overlong) {
        this.overlong = true;
        this.keptEnd = characterStart(chunk, i);
        this.taken = [];
      }
    }
    this.bytes = bytes;
    if (this.keptEnd < 0) this.keptEnd = this.overlong ? from : i;
    if (this.dataFrom < 0) this.dataFrom = i;
    return i;
  }

  /** One byte of an OSC's number, or the byte after it (`bytes` were read before it). */
  private readNumber(c: number, bytes: number): void {
    if (c >= 0x30 && c <= 0x39) {
      this.number = Math.min(this.number * 10 + c - 0x30, MAX_IDENT);
      return;
    }
    this.readingNumber = false;
    // Anything but ';' after the number makes xterm ignore the whole string.
    if (c === SEMICOLON) this.ident = this.number;
    this.rule = c === SEMICOLON ? oscRule(this.number) : OTHER_STRING;
    this.keepUpTo = bytes + 1 + this.rule.limit;
  }
}
