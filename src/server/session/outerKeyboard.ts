// Asks an attaching client's terminal whether it speaks the kitty keyboard protocol (`CSI ? u`), and
// when it answers, turns on flag 1 ("disambiguate escape codes"): then keys that share legacy bytes
// arrive apart (Ctrl+I and Tab, Esc and Alt+[, Shift+Enter and Enter), and each pane gets them in the
// form it asked for (legacy bytes, or CSI u for a program that set kitty flags itself). The client
// pops the flag when it leaves (RESTORE_SEQUENCE); a terminal that never answers is left as it is.

export const KEYBOARD_QUERY = '\x1b[?u';
export const KEYBOARD_PUSH = '\x1b[>1u';
const KEYBOARD_REPLY = /^\x1b\[\?\d+u$/;

export class OuterKeyboard {
  private pushed = false;

  constructor(private readonly send: (bytes: string) => void) {
    send(KEYBOARD_QUERY);
  }

  /** A reply from the client's terminal; true when it was the answer to our query. */
  reply(raw: string): boolean {
    if (!KEYBOARD_REPLY.test(raw)) return false;
    if (!this.pushed) {
      this.pushed = true;
      this.send(KEYBOARD_PUSH);
    }
    return true;
  }
}
