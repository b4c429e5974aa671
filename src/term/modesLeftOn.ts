// Input modes a program may leave on when it ends (a crashed or killed vim, htop, an agent): they
// belong to that program, not to the shell that prompts next. They are turned off in the pane's
// emulator at the exact place in the output where the shell says the command ended (OSC 133;D),
// and when the pane's own program exits. The shell then turns on what it wants again (readline sets
// bracketed paste for its own prompt, after the mark).

/**
 * Mouse reports (every protocol and encoding), focus events, bracketed paste, application cursor
 * keys (DECCKM) and keypad (DECKPNM), a held synchronized frame, kitty keyboard flags (pop the whole
 * stack) and modifyOtherKeys.
 */
export const MODES_LEFT_ON_RESET =
  '\x1b[?1000l\x1b[?1001l\x1b[?1002l\x1b[?1003l\x1b[?1005l\x1b[?1006l\x1b[?1015l\x1b[?1016l' +
  '\x1b[?1004l' +
  '\x1b[?2004l' +
  '\x1b[?1l\x1b>' +
  '\x1b[?2026l' +
  '\x1b[<99u' +
  '\x1b[>4;0m';

const MODES_LEFT_ON_RESET_BYTES = Buffer.from(MODES_LEFT_ON_RESET, 'latin1');
const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
/** `ESC ]`, which starts an OSC. */
const ESC_OSC = Buffer.from('\x1b]', 'latin1');
/** The C1 controls OSC (U+009D) and ST (U+009C), in UTF-8. */
const C1_OSC = Buffer.from('\u009d', 'utf8');
const C1_LEAD = 0xc2;
const C1_ST_SECOND = 0x9c;
/** What follows the OSC introducer in a command-ended mark. */
const MARK = Buffer.from('133;D', 'latin1');

const enum State {
  Ground,
  /** An ESC was the last byte: `]` would start an OSC. */
  Escape,
  /** Inside an OSC, matching MARK; `matched` bytes of it so far. */
  Mark,
  /** Inside `OSC 133;D…`, waiting for its terminator. */
  Done,
}

/**
 * A streaming filter in front of a pane's emulator that inserts MODES_LEFT_ON_RESET right where each
 * `OSC 133;D` ends, so the modes are off for everything the program's successor writes (and before
 * the emulator parses it), whatever way the output was cut into chunks. Every other byte is passed
 * on as it was. It reads whole UTF-8 characters (see utf8Chunks.ts).
 */
export class CommandEndResets {
  private state = State.Ground;
  private matched = 0;

  feed(chunk: Buffer): Buffer {
    const out: Buffer[] = [];
    let from = 0;
    let i = 0;
    const length = chunk.length;
    const endMark = (end: number) => {
      out.push(chunk.subarray(from, end), MODES_LEFT_ON_RESET_BYTES);
      from = end;
      this.state = State.Ground;
    };
    // Where the next 8-bit OSC introducer is (rare), looked up again only once passed.
    let c1 = chunk.indexOf(C1_OSC);
    while (i < length) {
      if (this.state === State.Ground) {
        if (c1 >= 0 && c1 < i) c1 = chunk.indexOf(C1_OSC, i);
        // Only an OSC can be a mark: `ESC ]`, or an ESC at the very end that a `]` may follow next time.
        let esc = chunk.indexOf(ESC_OSC, i);
        if (esc < 0 && chunk[length - 1] === ESC && length - 1 >= i) esc = length - 1;
        const next = esc < 0 ? c1 : c1 < 0 ? esc : Math.min(esc, c1);
        if (next < 0) break;
        const isC1 = next === c1;
        this.state = isC1 ? State.Mark : State.Escape;
        this.matched = 0;
        i = next + (isC1 ? C1_OSC.length : 1);
        continue;
      }
      const c = chunk[i];
      if (this.state === State.Escape) {
        if (c === 0x5d) {
          this.state = State.Mark;
          this.matched = 0;
          i++;
        } else this.state = State.Ground; // not consumed: it may be an ESC itself
      } else if (this.state === State.Mark) {
        if (c === MARK[this.matched]) {
          i++;
          if (++this.matched === MARK.length) this.state = State.Done;
        } else this.state = State.Ground;
      } else if (c === BEL) {
        endMark(++i);
      } else if (c === C1_LEAD && chunk[i + 1] === C1_ST_SECOND) {
        i += 2;
        endMark(i);
      } else if (c === ESC) {
        // ESC ends the string (the mark is complete, as in ESC \); the reset goes before it, and the
        // ESC then starts whatever it starts.
        endMark(i);
      } else if (c === CAN || c === SUB) {
        this.state = State.Ground; // CAN / SUB abort the string: no mark
        i++;
      } else i++;
    }
    if (out.length === 0) return chunk;
    out.push(chunk.subarray(from));
    return Buffer.concat(out);
  }
}
