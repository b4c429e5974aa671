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

const ESC = '\x1b';
const C1_OSC = '\x9d';
const ESC_OSC = '\x1b]';
const BEL = '\x07';
const C1_ST = '\x9c';
/** What follows the OSC introducer in a command-ended mark. */
const MARK = '133;D';

const enum State {
  Ground,
  /** An ESC was the last character: `]` would start an OSC. */
  Escape,
  /** Inside an OSC, matching MARK; `matched` characters of it so far. */
  Mark,
  /** Inside `OSC 133;D…`, waiting for its terminator. */
  Done,
}

/**
 * A streaming filter in front of a pane's emulator that inserts MODES_LEFT_ON_RESET right where each
 * `OSC 133;D` ends, so the modes are off for everything the program's successor writes (and before
 * the emulator parses it), whatever way the output was cut into chunks. Every other character is
 * passed on as it was.
 */
export class CommandEndResets {
  private state = State.Ground;
  private matched = 0;

  feed(chunk: string): string {
    let out = '';
    let from = 0;
    let inserted = false;
    let i = 0;
    const length = chunk.length;
    // Where the next 8-bit OSC introducer is (rare), looked up again only once passed.
    let c1 = chunk.indexOf(C1_OSC);
    while (i < length) {
      if (this.state === State.Ground) {
        if (c1 >= 0 && c1 < i) c1 = chunk.indexOf(C1_OSC, i);
        // Only an OSC can be a mark: `ESC ]`, or an ESC at the very end that a `]` may follow next time.
        let esc = chunk.indexOf(ESC_OSC, i);
        if (esc < 0 && chunk.charCodeAt(length - 1) === 0x1b && length - 1 >= i) esc = length - 1;
        const next = esc < 0 ? c1 : c1 < 0 ? esc : Math.min(esc, c1);
        if (next < 0) break;
        this.state = chunk[next] === C1_OSC ? State.Mark : State.Escape;
        this.matched = 0;
        i = next + 1;
        continue;
      }
      const c = chunk[i];
      if (this.state === State.Escape) {
        if (c === ']') {
          this.state = State.Mark;
          this.matched = 0;
          i++;
        } else this.state = State.Ground; // not consumed: it may be an ESC itself
      } else if (this.state === State.Mark) {
        if (c === MARK[this.matched]) {
          i++;
          if (++this.matched === MARK.length) this.state = State.Done;
        } else this.state = State.Ground;
      } else if (c === BEL || c === C1_ST) {
        i++;
        out += chunk.slice(from, i) + MODES_LEFT_ON_RESET;
        from = i;
        inserted = true;
        this.state = State.Ground;
      } else if (c === ESC) {
        // ESC ends the string (the mark is complete, as in ESC \); the reset goes before it, and the
        // ESC then starts whatever it starts.
        out += chunk.slice(from, i) + MODES_LEFT_ON_RESET;
        from = i;
        inserted = true;
        this.state = State.Ground;
      } else if (c === '\x18' || c === '\x1a') {
        this.state = State.Ground; // CAN / SUB abort the string: no mark
        i++;
      } else i++;
    }
    return inserted ? out + chunk.slice(from) : chunk;
  }
}
