// How text that comes from outside tessera is shown on a terminal: repository files, workspace
// records, file and branch names, pane titles, what programs report (OSC payloads). Every character
// a terminal would act on instead of printing becomes a visible mark, so such text can neither move
// the cursor, erase or redraw the screen, write the clipboard, end a sequence tessera writes around
// it, nor reorder what is shown. This is the one function that does it: every place that shows such
// text (the CLI, the chrome, the viewer, the outer terminal's title) goes through it.
//
// The marks:
//   C0 controls U+0000–U+001F   caret notation: ESC is ^[, BEL ^G, CR ^M, backspace ^H, tab ^I, LF ^J
//   DEL U+007F                  ^?
//   C1 controls U+0080–U+009F   <U+009B> (a terminal reads U+009B as CSI, U+009D as OSC)
//   bidirectional controls      <U+202E> (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): they
//                               reorder the text around them on terminals that do bidi ("Trojan source")
// A mark is plain printable ASCII; a text that already holds `^[` literally looks the same as one
// holding ESC (the marks are for reading, not for reversing).

/** Every character shown as a mark. */
const HIDDEN = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'g');
/** The same without tab and line feed, for text printed as lines. */
const HIDDEN_BUT_LINES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export interface VisibleTextOptions {
  /**
   * Keep line feeds and tabs: for text printed as lines of their own (a patch, a multi-line message).
   * Every other control still becomes a mark, carriage return included (it would let a line overwrite
   * itself).
   */
  lines?: boolean;
}

/** `text` with every control character as a visible mark; text without any is returned as it is. */
export function visibleText(text: string, options: VisibleTextOptions = {}): string {
  if (!HIDDEN.test(text)) return text;
  return text.replace(options.lines ? HIDDEN_BUT_LINES : HIDDEN_ALL, controlMark);
}

/**
 * Characters marked, as JSON.stringify writes them: C0 controls become \uXXXX or \b \f \n \r \t, the rest
 * stay raw. A literal backslash before one of those letters matches too (the caller looks closer).
 */
const HIDDEN_IN_JSON = /\\u00[01][0-9a-f]|\\[bfnrt]|[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** False when `json` (JSON.stringify's text of some value) has no string that visibleText would change. */
export const jsonMayNeedMarks = (json: string): boolean => HIDDEN_IN_JSON.test(json);

/** The mark of one control character. */
export function controlMark(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * Characters JSON.stringify leaves as they are that a terminal acts on (DEL, C1, bidirectional
 * controls), and U+2028/U+2029 (line breaks to some readers of JSON).
 */
const RAW_IN_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * JSON text that is safe to print: exactly the data `JSON.stringify` gives, with the characters it
 * would leave raw written as \u escapes (JSON.stringify escapes C0 controls itself).
 */
export function terminalJson(value: unknown, indent?: number): string {
  const json = JSON.stringify(value, null, indent) ?? 'null';
  return json.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
