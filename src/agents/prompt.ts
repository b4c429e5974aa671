// An initial prompt as keystrokes: plain text in a bracketed paste, then Enter, with nothing that could escape it.

import { MAX_PROMPT_BYTES } from './promptTimings.js';

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
const SUBMIT = '\r';

/**
 * Escape sequences a terminal would act on, removed whole so no `[31m` is left behind: CSI (7- and 8-bit),
 * OSC, DCS, SOS, PM and APC strings (only when terminated, so an unterminated one cannot swallow the rest of the
 * prompt), and two-character escapes. Whatever ESC or C1 byte is left is removed by CONTROL.
 */
const ESCAPE_SEQUENCE =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)|\x1b[ -/]*[0-~]/g;
/** C0 except tab and newline, DEL, and C1 (0x80–0x9f), ESC included. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export interface PromptRemovals {
  escapeSequences: number;
  controlCharacters: number;
}

export interface SanitizedPrompt {
  text: string;
  removed: PromptRemovals;
}

/**
 * The text as it can safely be pasted: escape sequences and control characters removed (tab and newline kept),
 * CRLF and lone CR turned into newlines. The result holds no ESC, so it cannot end the paste early.
 */
export function sanitizePrompt(text: string): SanitizedPrompt {
  let escapeSequences = 0;
  let controlCharacters = 0;
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(ESCAPE_SEQUENCE, () => {
      escapeSequences++;
      return '';
    })
    .replace(CONTROL, () => {
      controlCharacters++;
      return '';
    });
  return { text: clean, removed: { escapeSequences, controlCharacters } };
}

/** True when the prompt would be pasted exactly as written: within the size limit and nothing to remove. */
export function promptIsSafe(text: string): boolean {
  if (Buffer.byteLength(text, 'utf8') > MAX_PROMPT_BYTES) return false;
  const { removed } = sanitizePrompt(text);
  return removed.escapeSequences === 0 && removed.controlCharacters === 0;
}

/** "removed 2 escape sequences and 1 control character", or undefined when nothing was removed. */
export function describeRemovals(removed: PromptRemovals): string | undefined {
  const parts = [
    count(removed.escapeSequences, 'escape sequence', 'escape sequences'),
    count(removed.controlCharacters, 'control character', 'control characters'),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : `removed ${parts.join(' and ')} from the prompt`;
}

export type EncodedPrompt =
  | {
      ok: true;
      /** Write this first: the sanitized text in a bracketed paste (newlines in it do not submit). */
      paste: string;
      /** Then, PROMPT_SUBMIT_DELAY_MS later, this Enter. */
      submit: string;
      removed: PromptRemovals;
    }
  | { ok: false; message: string };

/**
 * The keystrokes that type `text` into an agent's input box and submit it: `ESC[200~` + sanitized text + `ESC[201~`,
 * then `\r`. Paste and Enter come apart because an Enter right behind other input can count as part of it (gemini).
 * Send it only once the pane has turned bracketed paste on (DEC mode 2004); without it the markers arrive as keys.
 */
export function encodeInitialPrompt(text: string): EncodedPrompt {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_PROMPT_BYTES) {
    const message = `The prompt is ${kib(bytes)} KB; the most tessera sends is ${kib(MAX_PROMPT_BYTES)} KB. Put the details in a file and refer to it.`;
    return { ok: false, message };
  }
  const { text: clean, removed } = sanitizePrompt(text);
  if (clean.trim() === '') return { ok: false, message: 'The prompt is empty: there is nothing to send' };
  return { ok: true, paste: `${PASTE_START}${clean}${PASTE_END}`, submit: SUBMIT, removed };
}

const kib = (bytes: number): string => String(Math.ceil(bytes / 1024));

const count = (n: number, one: string, many: string): string | undefined => (n === 0 ? undefined : `${n} ${n === 1 ? one : many}`);
