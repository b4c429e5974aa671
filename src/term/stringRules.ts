// How much of each string a program sends (OSC and DCS) is kept, and what becomes of a longer one:
// the table behind ControlString. xterm collects up to 10 MB of a string before it gives up on it,
// and a title or a path is stored and sent on from there, so every string has a limit of its own.

import {
  MAX_CLIPBOARD_SEQUENCE_BYTES,
  MAX_CONTROL_STRING_BYTES,
  MAX_CWD_REPORT_BYTES,
  MAX_HYPERLINK_SEQUENCE_BYTES,
  MAX_NOTIFICATION_BYTES,
  MAX_TITLE_BYTES,
} from '../limits.js';

export interface StringRule {
  /** Bytes of the string's data that are kept (for an OSC: after `ident;`). */
  limit: number;
  /**
   * What becomes of a longer string. 'cut': its first `limit` bytes are kept (a title or a
   * notification cut short still says what it said). 'drop': it ends unrun, as if cancelled (a
   * clipboard write, an address or a path cut short would be another one).
   */
  overlong: 'cut' | 'drop';
  /**
   * Its data is taken out of the output and handed to tessera when the string ends; the emulator
   * never sees it. For the strings only tessera reads, and long ones: xterm builds what it collects
   * a character at a time, ~32 bytes of heap per byte until the string ends (a 1 MB clipboard
   * write held 32 MB).
   */
  taken?: true;
}

const TITLE: StringRule = { limit: MAX_TITLE_BYTES, overlong: 'cut' };
const NOTIFICATION: StringRule = { limit: MAX_NOTIFICATION_BYTES, overlong: 'cut' };

/** Every string without a rule of its own: colours, shell marks (OSC 133), DCS, strings nobody reads. */
export const OTHER_STRING: StringRule = { limit: MAX_CONTROL_STRING_BYTES, overlong: 'drop' };

const OSC_RULES = new Map<number, StringRule>([
  [0, TITLE], // icon name and window title
  [1, TITLE], // icon name
  [2, TITLE], // window title
  [7, { limit: MAX_CWD_REPORT_BYTES, overlong: 'drop' }], // the shell's working directory
  [8, { limit: MAX_HYPERLINK_SEQUENCE_BYTES, overlong: 'drop' }], // a hyperlink
  [9, NOTIFICATION], // a notification (iTerm2), or ConEmu's progress
  [52, { limit: MAX_CLIPBOARD_SEQUENCE_BYTES, overlong: 'drop', taken: true }], // a clipboard write
  [99, NOTIFICATION], // a notification (kitty)
  [777, NOTIFICATION], // a notification (rxvt's notify)
]);

/** The rule for the OSC numbered `ident`. */
export function oscRule(ident: number): StringRule {
  return OSC_RULES.get(ident) ?? OTHER_STRING;
}
