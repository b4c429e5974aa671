// A client's raw input bytes turned into key tokens: an Escape alone is told from the start of a sequence
// after ESCAPE_TIMEOUT_MS (a sequence already under way is waited for longer, SEQUENCE_REST_TIMEOUT_MS),
// the terminal's own answers go to the color probe and its focus changes to the focused pane, and every
// token then goes to the key router.

import { ESCAPE_TIMEOUT_MS, SEQUENCE_REST_TIMEOUT_MS } from '../../limits.js';
import { InputDecoder, type KeyToken } from '../../term/keys/decode.js';

export interface InputSink {
  /** The user typed (the next small frame is an echo). */
  typed(): void;
  /** The terminal answered one of tessera's queries. */
  reply(raw: string): void;
  /** Tessera has asked the terminal something and its answers may still be coming (just after attach). */
  expectingReplies(): boolean;
  /** The terminal gained or lost focus. */
  focus(focused: boolean): void;
  /** Keys, mouse reports and all, in order. */
  route(tokens: KeyToken[]): void;
}

export class ClientInput {
  private readonly decoder = new InputDecoder();
  private escapeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly sink: InputSink) {}

  feed(data: string): void {
    clearTimeout(this.escapeTimer);
    const tokens = this.decoder.feed(data);
    // The terminal's answers alone (a frame drawn, see drawnAck.ts) are not the user typing: the next frame is no echo.
    if (tokens.length === 0 || tokens.some((token) => token.kind !== 'reply')) this.sink.typed();
    this.handle(tokens);
    if (this.decoder.pending()) {
      // A lone ESC is the Escape key soon; a sequence under way (a reply split in two) is given time to
      // end, and so is an ESC while the terminal's answers are still coming: it may begin one.
      const waitLonger = this.decoder.awaitsRest() || this.sink.expectingReplies();
      const wait = waitLonger ? SEQUENCE_REST_TIMEOUT_MS : ESCAPE_TIMEOUT_MS;
      this.escapeTimer = setTimeout(() => this.handle(this.decoder.flush()), wait);
    }
  }

  dispose(): void {
    clearTimeout(this.escapeTimer);
  }

  private handle(tokens: KeyToken[]): void {
    for (const token of tokens) {
      if (token.kind === 'reply') this.sink.reply(token.raw);
      else if (token.kind === 'focus-in' || token.kind === 'focus-out') this.sink.focus(token.kind === 'focus-in');
    }
    this.sink.route(tokens);
  }
}
