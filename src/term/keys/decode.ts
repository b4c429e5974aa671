// The incremental tokenizer for what the outer terminal sends: keys, pastes, focus, mouse and replies.

import { readToken, startsUnfinishedSequence } from './sequence.js';
import type { KeyToken } from './token.js';

export type { Key, KeyToken } from './token.js';

export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/**
 * Feed it input as it arrives; it returns the tokens completed so far and keeps an unfinished sequence
 * for the next feed, so a sequence split across reads still comes out as one token. After
 * ESCAPE_TIMEOUT_MS without input call flush(): a lone ESC is then the Escape key. A bracketed paste
 * is collected until its end marker, however many feeds that takes, and comes out as one token.
 * It works on JavaScript strings as the caller decoded them, and never throws on any input.
 */
export class InputDecoder {
  private buffer = '';
  /** The pieces of a bracketed paste in progress; undefined outside a paste. */
  private paste: string[] | undefined;

  feed(data: string): KeyToken[] {
    this.buffer += data;
    return this.drain(false);
  }

  /** Resolves whatever is waiting (not an unfinished paste: its end marker may still be on its way). */
  flush(): KeyToken[] {
    return this.drain(true);
  }

  /** True while input is held back waiting for more (a flush may be due). */
  pending(): boolean {
    return this.buffer.length > 0 || this.paste !== undefined;
  }

  /**
   * True when what waits is a sequence begun past its introducer (see startsUnfinishedSequence): its
   * rest is on its way, so wait SEQUENCE_REST_TIMEOUT_MS before flushing rather than ESCAPE_TIMEOUT_MS.
   */
  awaitsRest(): boolean {
    return this.paste === undefined && startsUnfinishedSequence(this.buffer);
  }

  /** True while inside a bracketed paste, when flush() changes nothing. */
  inPaste(): boolean {
    return this.paste !== undefined;
  }

  private drain(atEnd: boolean): KeyToken[] {
    const tokens: KeyToken[] = [];
    const input = this.buffer;
    let i = 0;
    while (i < input.length) {
      if (this.paste !== undefined) {
        i = this.collectPaste(input, i, tokens);
        if (this.paste !== undefined) break;
        continue;
      }
      const step = readToken(input, i, atEnd);
      if (step === undefined) break;
      if ('pasteStart' in step) this.paste = [];
      else tokens.push(step.token);
      i = step.end;
    }
    this.buffer = input.slice(i);
    return tokens;
  }

  /** Takes paste text from `i`; returns where reading stops (at the end, or after the end marker). */
  private collectPaste(input: string, i: number, tokens: KeyToken[]): number {
    const parts = this.paste ?? [];
    const end = input.indexOf(PASTE_END, i);
    if (end < 0) {
      // Keep a possible beginning of the end marker back; it may be completed by the next feed.
      const keep = partialSuffix(input, i, PASTE_END);
      parts.push(input.slice(i, input.length - keep));
      return input.length - keep;
    }
    parts.push(input.slice(i, end));
    const paste = parts.join('');
    this.paste = undefined;
    tokens.push({ kind: 'paste', raw: PASTE_START + paste + PASTE_END, paste });
    return end + PASTE_END.length;
  }
}

/** Length of the longest tail of input[from..] that is a proper beginning of `marker`. */
function partialSuffix(input: string, from: number, marker: string): number {
  for (let n = Math.min(marker.length - 1, input.length - from); n > 0; n--) {
    if (input.endsWith(marker.slice(0, n))) return n;
  }
  return 0;
}
