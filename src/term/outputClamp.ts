// A streaming filter in front of a pane's emulator: every count and coordinate a program sends in a
// control sequence is clamped to what the pane's screen can show (so `ESC [ 99999999 L` costs one
// screenful, not minutes of the server's time), and the output is cut into slices of bounded work.
//
// It follows xterm's parser states just far enough to find CSI sequences (ESC [ or the C1 control
// U+009B, from any state), including ones split across chunks, and leaves every other byte as it was,
// except for what it bounds: strings (OSC and DCS) past their limits (see controlString.ts), and
// combining characters past MAX_COMBINING_MARKS on one character.
// It reads bytes: whole, valid UTF-8 characters (see utf8Chunks.ts), never a character cut in two.

import { MAX_COMBINING_MARKS, MAX_HELD_SEQUENCE_BYTES, SLICE_WORK_BUDGET } from '../limits.js';
import { isCombining } from './combiningMarks.js';
import { ControlString, StringKind } from './controlString.js';
import { escapeCost, hasPlainRule, limitValue, ruleFor, type Screen } from './sequenceRules.js';

const enum State {
  Ground,
  Escape,
  EscapeIntermediate,
  Csi,
  /** Inside a CSI sequence that xterm will ignore or that we do not hold: passes through untouched. */
  CsiPassing,
  /** Inside a CSI sequence too long to hold: dropped up to its final byte. */
  CsiDropping,
  /** Inside an OSC or DCS string (see controlString.ts). */
  String,
}

const enum Csi {
  Entry,
  Param,
  Intermediate,
}

const ESC = 0x1b;
const BEL = 0x07;
/** Cancels the sequence or string being read (xterm runs no handler for a string it cancels). */
const CAN = '\x18';
/** U+009B, the one-character CSI; in UTF-8 the bytes C2 9B. */
const C1_CSI = 0x9b;
/** U+009D and U+0090, the one-character OSC and DCS. */
const C1_OSC = 0x9d;
const C1_DCS = 0x90;
/** U+009C, the one-character string terminator (ST). */
const C1_ST = 0x9c;
const C1_LEAD = 0xc2;
const C1_BYTES = 2;
const MAX_PARAM = 0x7fffffff;
/** Lead bytes from here on start U+0300 or later, where combining characters begin. */
const FIRST_COMBINING_LEAD = 0xcc;
const EMPTY = new Uint8Array(0);

/** What the clamp tells about the strings it bounds (see stringRules.ts). */
export interface StringEvents {
  /** An OSC numbered `ident` was dropped for its length, as it was dropped. */
  dropped(ident: number): void;
  /** An OSC whose rule takes it (StringRule.taken) ended: its data, which the emulator never saw. */
  taken(ident: number, data: string): void;
}

/** Output on its way to the emulator: a run of the chunk's own bytes, or bytes the clamp wrote (latin1 text). */
type Piece = Uint8Array | string;

/** A C0 control that xterm executes in place inside an escape sequence (all but CAN, SUB and ESC). */
const isExecutable = (c: number): boolean => c < 0x20 && c !== 0x18 && c !== 0x1a && c !== ESC;
/** A byte that ends any sequence in xterm: CAN, SUB and the C1 controls other than CSI. */
const endsSequence = (c: number): boolean => c === 0x18 || c === 0x1a || (c >= 0x80 && c <= 0x9f && c !== C1_CSI);
/** The second byte of a C1 control (C2 xx) that starts a sequence the clamp reads: CSI, OSC, DCS. */
const opensSequence = (second: number): boolean => second === C1_CSI || second === C1_OSC || second === C1_DCS;

export class OutputClamp {
  private state = State.Ground;
  /** An ESC whose sequence is not decided yet and that was not passed on (it may start a CSI). */
  private heldEsc = false;
  private escIntermediate = 0;
  private csi = Csi.Entry;
  /** Prefix and intermediate bytes of the CSI being read, shifted together as xterm does, and how many. */
  private collect = 0;
  private collected = 0;
  /** The CSI's parameters so far: how many, whether a sub-parameter is being read, the first two values. */
  private paramIndex = 0;
  private inSubParam = false;
  private first = 0;
  private second = 0;
  /** The CSI being read, when it is held rather than left in place in the chunk (its bytes as latin1 text). */
  private held: { head: string; body: string } | undefined;
  /** The OSC or DCS string being read. */
  private readonly string = new ControlString();

  // Per-feed state.
  private chunk: Uint8Array = EMPTY;
  private span = 0;
  private csiStart = -1;
  private bodyFrom = 0;
  private pieces: Piece[] = [];
  private slices: Uint8Array[] = [];
  private work = 0;
  /** Combining characters since the last character that takes a cell, and their length in UTF-16 units. */
  private marks = 0;
  private markUnits = 0;
  private screen: Screen = { cols: 80, rows: 24 };

  constructor(private readonly events: Partial<StringEvents> = {}) {}

  /**
   * Filters `chunk` (whole UTF-8 characters) for a screen of `screen` size. Returns it in slices of at
   * most about SLICE_WORK_BUDGET work units each (usually one). An unfinished sequence at the end is
   * kept for the next chunk, exactly as the emulator would wait for its end.
   */
  feed(chunk: Uint8Array, screen: Screen): Uint8Array[] {
    this.chunk = chunk;
    this.screen = screen;
    this.span = 0;
    this.csiStart = -1;
    this.bodyFrom = 0;
    this.pieces = [];
    this.slices = [];
    const lineCost = Math.max(1, screen.cols);
    const length = chunk.length;
    let i = 0;
    while (i < length) {
      if (this.state === State.Ground) {
        // Ordinary output: count its work, cut slices, and stop at the next escape.
        i = this.ground(chunk, i, lineCost);
        if (i >= length) break;
        if (chunk[i] === ESC) {
          this.startEscape(i);
          i++;
        } else {
          // A C1 control that opens a sequence: C2 and the control's own code.
          this.leaveSequence(chunk[i + 1], i, C1_BYTES);
          i += C1_BYTES;
        }
        continue;
      }
      if (this.state === State.String) {
        i = this.inString(chunk, i);
        if (i >= length) break;
      }
      if (this.state === State.Csi) {
        i = this.scanParams(chunk, i);
        if (i >= length) break;
      }
      const c = chunk[i];
      const bytes = c < 0x80 ? 1 : characterBytes(c);
      this.step(bytes === 1 ? c : codePoint(chunk, i, bytes), i, bytes);
      i += bytes;
      if ((this.state as State) === State.Ground && this.work >= SLICE_WORK_BUDGET) this.cut(i);
    }
    this.endOfChunk();
    this.cut(chunk.length);
    this.chunk = EMPTY;
    return this.slices;
  }

  /**
   * Ordinary output from `from`, with the CSI sequences that need nothing from us (colors and other
   * sequences without a count or coordinate, whole in this chunk: most of what a TUI sends) passed
   * over in place. Counts the work, cuts slices, and returns the index of the next escape that the
   * state machine must read (or the chunk's end).
   */
  private ground(chunk: Uint8Array, from: number, lineCost: number): number {
    const length = chunk.length;
    let work = this.work;
    let i = from;
    for (; i < length; i++) {
      const c = chunk[i];
      if (c >= 0x20 && c < 0x7f) {
        work++;
        this.marks = 0;
      } else if (c === ESC) {
        const end = plainCsiEnd(chunk, i);
        if (end < 0) break;
        work++;
        i = end;
      } else if (c < 0x80) {
        work += c >= 0x0a && c <= 0x0c ? lineCost : 1;
      } else {
        if (c === C1_LEAD && opensSequence(chunk[i + 1])) break;
        work++;
        const bytes = characterBytes(c);
        if (c >= FIRST_COMBINING_LEAD) {
          if (this.tooManyMarks(codePoint(chunk, i, bytes), i, bytes)) {
            i += bytes - 1;
            continue;
          }
        } else if (c > C1_LEAD || chunk[i + 1] >= 0xa0) {
          this.marks = 0; // U+00A0 to U+02FF take a cell (U+0080 to U+009F are controls)
        }
        i += bytes - 1;
      }
      if (work >= SLICE_WORK_BUDGET) {
        this.work = work;
        this.cut(i + 1);
        work = 0;
      }
    }
    this.work = work;
    return i;
  }

  /**
   * Counts combining characters since the last character that takes a cell, and drops the ones past
   * MAX_COMBINING_MARKS (xterm would append each to one cell: 5 MB of accents made a 5-million-
   * character cell, 300 MB of memory and seconds of work; a stream of marks from beyond the Basic
   * Multilingual Plane ran the server out of memory). True when the character `c` (`bytes` long, at
   * `i`) was dropped.
   */
  private tooManyMarks(c: number, i: number, bytes: number): boolean {
    if (!isCombining(c)) {
      this.marks = 0;
      return false;
    }
    if (this.marks >= MAX_COMBINING_MARKS) {
      this.flushSpan(i);
      this.span = i + bytes;
      return true;
    }
    const units = bytes === 4 ? 2 : 1; // in UTF-16, as xterm keeps the cell's text
    this.markUnits = this.marks === 0 ? units : this.markUnits + units;
    this.marks++;
    return false;
  }

  /** One character `c` of the sequence being read, at `i` and `bytes` long. */
  private step(c: number, i: number, bytes: number): void {
    switch (this.state) {
      case State.EscapeIntermediate:
        if ((c >= 0x20 && c <= 0x2f) || isExecutable(c) || c === 0x7f) return;
        if (c >= 0x30 && c <= 0x7e) {
          this.work += escapeCost(this.escIntermediate, c, this.screen);
          this.state = State.Ground;
          return;
        }
        return this.leaveSequence(c, i, bytes);
      case State.Csi:
        return this.inCsi(c, i, bytes);
      case State.CsiPassing:
        // Only where it ends matters (a character xterm would reject ends it early there; that
        // difference is harmless, as both see the next ESC or CSI).
        if (c >= 0x40 && c <= 0x7e) {
          this.work += 1;
          this.state = State.Ground;
        } else if (c === ESC || c === C1_CSI || endsSequence(c)) {
          this.leaveSequence(c, i, bytes);
        }
        return;
      case State.CsiDropping:
        return this.dropping(c, i, bytes);
      case State.Escape:
        return this.inEscape(c, i, bytes);
      case State.String:
        return this.endString(c, i, bytes);
    }
  }

  private startEscape(i: number): void {
    this.state = State.Escape;
    this.heldEsc = false;
    this.escIntermediate = 0;
    this.csiStart = i; // where the ESC sits, while it is still in the chunk
  }

  private inEscape(c: number, i: number, bytes: number): void {
    if (isExecutable(c) || c === 0x7f) {
      // xterm runs the control and stays in the escape state: pass the control on, keep the ESC.
      if (!this.heldEsc) {
        this.flushSpan(this.csiStart);
        this.heldEsc = true;
        this.span = i;
      }
      return;
    }
    if (c === 0x5b) {
      // ESC [ : a CSI. Its head is in the chunk unless the ESC was held.
      if (this.heldEsc) {
        this.heldEsc = false;
        this.flushSpan(i);
        this.held = { head: '\x1b[', body: '' };
        this.startCsi(-1, i + 1);
      } else {
        this.startCsi(this.csiStart, i + 1);
      }
      return;
    }
    this.releaseEsc(i);
    if (c === 0x5d || c === 0x50) {
      this.startString(c === 0x5d ? StringKind.Osc : StringKind.Dcs); // ESC ] and ESC P
    } else if (c >= 0x20 && c <= 0x2f) {
      this.state = State.EscapeIntermediate;
      this.escIntermediate = c;
    } else if (c >= 0x30 && c <= 0x7e) {
      this.work += escapeCost(0, c, this.screen);
      this.state = State.Ground;
    } else {
      this.leaveSequence(c, i, bytes);
    }
  }

  /** Passes on an ESC that was held while controls inside its sequence went ahead of it. */
  private releaseEsc(i: number): void {
    if (!this.heldEsc) return;
    this.heldEsc = false;
    this.flushSpan(i);
    this.pieces.push('\x1b');
    this.span = i;
  }

  /** Starts reading a CSI whose head is at `start` in the chunk (-1: already in `held`), body at `bodyFrom`. */
  private startCsi(start: number, bodyFrom: number): void {
    this.state = State.Csi;
    this.csi = Csi.Entry;
    this.collect = 0;
    this.collected = 0;
    this.paramIndex = 0;
    this.inSubParam = false;
    this.first = 0;
    this.second = 0;
    this.csiStart = start;
    this.bodyFrom = bodyFrom;
    if (start >= 0) this.held = undefined;
  }

  private inCsi(c: number, i: number, bytes: number): void {
    if (c >= 0x30 && c <= 0x3b) {
      if (this.csi === Csi.Intermediate) return this.passThrough(i);
      this.csi = Csi.Param;
      if (c <= 0x39) this.digit(c - 0x30);
      else if (c === 0x3b) {
        this.paramIndex++;
        this.inSubParam = false;
      } else this.inSubParam = true;
      return;
    }
    if (c >= 0x3c && c <= 0x3f) {
      if (this.csi !== Csi.Entry) return this.passThrough(i); // xterm ignores the rest of this one
      this.collectByte(c);
      this.csi = Csi.Param;
      return;
    }
    if (c >= 0x20 && c <= 0x2f) {
      this.collectByte(c);
      this.csi = Csi.Intermediate;
      // No sequence we clamp has more than one prefix or intermediate byte.
      if (this.collected > 1) this.passThrough(i + 1);
      return;
    }
    if (c >= 0x40 && c <= 0x7e) return this.dispatch(c, i);
    if (isExecutable(c) || c === 0x7f) {
      // xterm runs a control in place (and ignores DEL); the sequence goes on. Send the control
      // ahead of the sequence, which is held from here on.
      this.hold(i);
      if (c !== 0x7f) this.pieces.push(String.fromCharCode(c));
      this.bodyFrom = i + 1;
      return;
    }
    // ESC, CSI, CAN, SUB, C1 controls, or a character xterm treats as an error: the sequence ends unrun.
    this.unhold(i);
    this.leaveSequence(c, i, bytes);
  }

  private digit(d: number): void {
    if (this.inSubParam) return;
    if (this.paramIndex === 0) this.first = Math.min(this.first * 10 + d, MAX_PARAM);
    else if (this.paramIndex === 1) this.second = Math.min(this.second * 10 + d, MAX_PARAM);
  }

  /**
   * The fast path through a CSI's parameters (digits, ';' and ':'), which is most of what colored
   * output consists of; returns the index of the first other character.
   */
  private scanParams(chunk: Uint8Array, from: number): number {
    if (this.csi === Csi.Intermediate) return from;
    let first = this.first;
    let second = this.second;
    let index = this.paramIndex;
    let sub = this.inSubParam;
    let i = from;
    for (; i < chunk.length; i++) {
      const c = chunk[i];
      if (c < 0x30 || c > 0x3b) break;
      if (c <= 0x39) {
        if (sub) continue;
        if (index === 0) first = Math.min(first * 10 + c - 0x30, MAX_PARAM);
        else if (index === 1) second = Math.min(second * 10 + c - 0x30, MAX_PARAM);
      } else if (c === 0x3b) {
        index++;
        sub = false;
      } else {
        sub = true;
      }
    }
    if (i > from) this.csi = Csi.Param;
    this.first = first;
    this.second = second;
    this.paramIndex = index;
    this.inSubParam = sub;
    return i;
  }

  private collectByte(c: number): void {
    this.collect = (this.collect << 8) | c;
    this.collected++;
  }

  private dispatch(final: number, i: number): void {
    const rule = ruleFor((this.collect << 8) | final);
    let first = this.first;
    let limits: number[] | undefined;
    if (rule?.clamp) {
      const values = [this.first, this.second];
      for (let index = 0; index < rule.clamp.length && index <= this.paramIndex; index++) {
        const limit = rule.clamp[index];
        if (!limit) continue;
        const max = limitValue(limit, this.screen);
        if (values[index] <= max) continue;
        limits ??= [];
        limits[index] = max;
        if (index === 0) first = max;
      }
    }
    this.work += rule ? rule.cost(first, Math.min(this.paramIndex + 1, 32), this.screen, this.cellText()) : 1;
    this.state = State.Ground;
    if (limits === undefined && !this.held) return; // left in place, as it was
    const body = this.bodyText(i);
    const head = this.held ? this.held.head : this.text(this.csiStart, this.bodyFrom);
    if (!this.held) this.flushSpan(this.csiStart);
    this.pieces.push(head + (limits ? withLimits(body, limits) : body) + String.fromCharCode(final));
    this.held = undefined;
    this.span = i + 1;
  }

  /**
   * The length (UTF-16 units) of the text of the cell last written, as far as its marks go: what a
   * repeat (REP) copies for every cell it fills. (A base character beyond the Basic Multilingual
   * Plane counts as one: it doubles the cost of a repeat of plain cells at most.)
   */
  private cellText(): number {
    return 1 + (this.marks === 0 ? 0 : this.markUnits);
  }

  /** The CSI body read so far up to `i` (excluding it). */
  private bodyText(i: number): string {
    if (this.held) return this.held.body + this.text(this.bodyFrom, i);
    return this.text(this.bodyFrom, i);
  }

  /** Bytes `from` to `to` of the chunk as latin1 text (a sequence's bytes are all below 0x100). */
  private text(from: number, to: number): string {
    const { buffer, byteOffset } = this.chunk;
    return Buffer.from(buffer, byteOffset + from, to - from).toString('latin1');
  }

  /** From now on the current CSI is held (not left in place), e.g. because a control must go ahead of it. */
  private hold(i: number): void {
    if (this.held) {
      this.held.body += this.text(this.bodyFrom, i);
      return;
    }
    this.held = { head: this.text(this.csiStart, this.bodyFrom), body: this.text(this.bodyFrom, i) };
    this.flushSpan(this.csiStart);
    this.span = i + 1;
  }

  /** Gives back a held CSI as it was (it will not be run, or needs no change) and goes on from `i`. */
  private unhold(i: number): void {
    if (!this.held) return;
    this.pieces.push(this.held.head + this.bodyText(i));
    this.held = undefined;
    this.span = i;
  }

  /** The rest of this CSI cannot be one we clamp: let it through as it is. */
  private passThrough(i: number): void {
    this.unhold(i);
    this.state = State.CsiPassing;
  }

  /** Inside a sequence being dropped: only the controls xterm would run inside it get through. */
  private dropping(c: number, i: number, bytes: number): void {
    if (c >= 0x40 && c <= 0x7e) {
      this.state = State.Ground;
      this.span = i + 1;
    } else if (c === ESC || c === C1_CSI || endsSequence(c) || c >= 0xa0) {
      this.span = i;
      this.leaveSequence(c, i, bytes);
    } else if (isExecutable(c)) {
      this.pieces.push(String.fromCharCode(c));
      this.span = i + 1;
    } else {
      this.span = i + bytes;
    }
  }

  /** A character (`bytes` long) that ends the current sequence: it starts a new one or is ordinary output. */
  private leaveSequence(c: number, i: number, bytes: number): void {
    this.state = State.Ground;
    if (c === ESC) this.startEscape(i);
    else if (c === C1_CSI) this.startCsi(i, i + bytes);
    else if (c === C1_OSC || c === C1_DCS) this.startString(c === C1_OSC ? StringKind.Osc : StringKind.Dcs);
    else this.work += 1;
  }

  private startString(kind: StringKind): void {
    this.state = State.String;
    this.string.start(kind);
    this.work += 1;
  }

  /**
   * Reads the string from `from` and returns the index of the byte that ends it (or the chunk's
   * end). Its data past its limit is left out; a string to be dropped is cancelled there (CAN).
   */
  private inString(chunk: Uint8Array, from: number): number {
    const string = this.string;
    const wasOverlong = string.overlong;
    const end = string.scan(chunk, from);
    const taken = string.rule.taken === true;
    this.work += (taken ? Math.min(string.dataFrom, string.keptEnd) : string.keptEnd) - from;
    if (!taken && !string.overlong) return end;
    // The string's data from here on does not pass: past its limit, or taken out to be handed over.
    this.flushSpan(taken ? Math.min(string.dataFrom, string.keptEnd) : string.keptEnd);
    if (taken && !string.overlong) string.take(chunk, string.dataFrom, end);
    if (string.overlong && !wasOverlong && string.rule.overlong === 'drop') {
      this.pieces.push(CAN);
      if (string.kind === StringKind.Osc) this.events.dropped?.(string.ident);
    }
    this.span = end;
    return end;
  }

  /** The character (`bytes` long, at `i`) that ends the string being read. */
  private endString(c: number, i: number, bytes: number): void {
    const string = this.string;
    if (string.rule.taken && !string.overlong && (c === BEL || c === ESC || c === C1_ST)) {
      // Ended as xterm runs a string's handler: tessera gets the data, the emulator an empty string
      // it cancels (CAN instead of the BEL or ST; an ESC stays, as the start of what follows).
      this.pieces.push(CAN);
      this.events.taken?.(string.ident, string.takenData());
      if (c !== ESC) {
        this.state = State.Ground;
        this.span = i + bytes;
        this.work += 1;
        return;
      }
    } else if (c === BEL && string.overlong && string.rule.overlong === 'drop') {
      // The string was cancelled: its BEL would ring the bell.
      this.state = State.Ground;
      this.span = i + 1;
      return;
    }
    this.leaveSequence(c, i, bytes);
  }

  private endOfChunk(): void {
    const end = this.chunk.length;
    if (this.state === State.Escape && !this.heldEsc) {
      // A lone ESC at the end may be the start of a CSI: keep it for the next chunk.
      this.flushSpan(this.csiStart);
      this.heldEsc = true;
      this.span = end;
      return;
    }
    if (this.state === State.Csi) {
      this.hold(end);
      if (this.held && this.held.body.length > MAX_HELD_SEQUENCE_BYTES) {
        // Longer than any real sequence: dropped (xterm and tmux cap parameters too).
        this.held = undefined;
        this.state = State.CsiDropping;
      }
      this.span = end;
      this.bodyFrom = 0;
      return;
    }
    this.bodyFrom = 0;
  }

  private flushSpan(end: number): void {
    if (end > this.span) this.pieces.push(this.chunk.subarray(this.span, end));
    this.span = Math.max(this.span, end);
  }

  /** Ends the current slice at `end`. */
  private cut(end: number): void {
    this.flushSpan(end);
    if (this.pieces.length === 0) return;
    const only = this.pieces.length === 1 ? this.pieces[0] : undefined;
    this.slices.push(only instanceof Uint8Array ? only : Buffer.concat(this.pieces.map(pieceBytes)));
    this.pieces = [];
    this.work = 0;
  }
}

const pieceBytes = (piece: Piece): Uint8Array => (typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece);

/** The bytes of the UTF-8 character whose first byte is `lead` (at least 0x80 and valid). */
const characterBytes = (lead: number): number => (lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4);

/** The character of `bytes` bytes at `i` (valid UTF-8). */
function codePoint(chunk: Uint8Array, i: number, bytes: number): number {
  const lead = chunk[i];
  if (bytes === 2) return ((lead & 0x1f) << 6) | (chunk[i + 1] & 0x3f);
  if (bytes === 3) return ((lead & 0x0f) << 12) | ((chunk[i + 1] & 0x3f) << 6) | (chunk[i + 2] & 0x3f);
  return ((lead & 0x07) << 18) | ((chunk[i + 1] & 0x3f) << 12) | ((chunk[i + 2] & 0x3f) << 6) | (chunk[i + 3] & 0x3f);
}

/**
 * Where the CSI starting with the ESC at `at` ends (the index of its final byte), when it is one the
 * clamp leaves as it is and that lies whole in `chunk`: `ESC [`, parameters (digits, ';', ':') and a
 * final byte with no rule (no count or coordinate to clamp, the work of one cell). -1 otherwise: the
 * state machine reads it.
 */
function plainCsiEnd(chunk: Uint8Array, at: number): number {
  if (chunk[at + 1] !== 0x5b) return -1;
  let i = at + 2;
  let c = chunk[i];
  while (c >= 0x30 && c <= 0x3b) c = chunk[++i];
  // Past the end of the chunk, undefined fails every comparison.
  return c >= 0x40 && c <= 0x7e && !hasPlainRule(c) ? i : -1;
}

/** `body` with the top-level value of parameter k replaced by limits[k] where one is given. */
function withLimits(body: string, limits: number[]): string {
  const first = body.charCodeAt(0);
  const prefixLength = first >= 0x3c && first <= 0x3f ? 1 : 0;
  const end = paramsEnd(body, prefixLength);
  const params = body.slice(prefixLength, end).split(';');
  limits.forEach((max, index) => {
    const segment = params[index];
    const colon = segment.indexOf(':');
    params[index] = String(max) + (colon >= 0 ? segment.slice(colon) : '');
  });
  return body.slice(0, prefixLength) + params.join(';') + body.slice(end);
}

/** Where the parameters of a CSI body end (its intermediates follow). */
function paramsEnd(body: string, from: number): number {
  for (let i = from; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c < 0x30 || c > 0x3b) return i;
  }
  return body.length;
}
