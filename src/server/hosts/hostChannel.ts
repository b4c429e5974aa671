// One protocol stream to another machine's server, used by this server as a client: requests with
// their own ids and the host's event stream, both on the same connection. Every message is checked by
// the protocol's own parser; an unreadable one, or an answer that does not come in time, ends the
// channel (the host link then reconnects) rather than waiting on the host.

import type { Duplex } from 'node:stream';
import { HOST_REQUEST_TIMEOUT_MS } from '../../limits.js';
import type { TesseraEvent } from '../../protocol/events.js';
import { FrameDecoder, FrameType, encodeJson } from '../../protocol/framing.js';
import { parseServerMessage } from '../../protocol/messages.js';

interface Waiting {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class HostChannel {
  private readonly decoder = new FrameDecoder();
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private ended = false;

  constructor(
    private readonly stream: Duplex,
    private readonly host: string,
    /** Each event of the host's stream, once subscribed. */
    private readonly onEvent: (event: TesseraEvent) => void,
    /** The channel ended: why (once). */
    private readonly onEnd: (why: string) => void,
  ) {
    stream.on('data', (chunk: Buffer) => this.received(chunk));
    stream.on('error', (error) => this.end(error.message));
    stream.on('close', () => this.end(`${host}: the link closed`));
  }

  /** Follows the host's events from now on. */
  subscribe(): void {
    this.write({ t: 'events' });
  }

  /** A control command on the host's server; rejects with its refusal, or when the channel ends or the host takes too long. */
  request(command: string, args: Record<string, unknown>, cwd: string): Promise<unknown> {
    if (this.ended) return Promise.reject(new Error(`${this.host}: the link is down`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.end(`${this.host}: no answer to ${command} within ${HOST_REQUEST_TIMEOUT_MS / 1000} s`), HOST_REQUEST_TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      this.write({ t: 'request', id, command, args, cwd });
    });
  }

  close(): void {
    this.end(`${this.host}: closed`);
  }

  private write(message: Record<string, unknown>): void {
    // Never waits: a host that reads slowly holds the bytes in the stream, and its answers' deadline ends it.
    if (!this.ended && !this.stream.destroyed) this.stream.write(encodeJson(message));
  }

  private received(chunk: Buffer): void {
    try {
      for (const frame of this.decoder.feed(chunk)) {
        if (frame.type !== FrameType.Json) continue;
        const message = parseServerMessage(frame.message);
        if (message.t === 'event') this.onEvent(message.event);
        else if (message.t === 'response') this.answered(message.id, message.ok ? { result: message.result } : { error: message.error });
        else if (message.t === 'end') this.end(`${this.host}: its server ended the connection (${message.reason})`);
      }
    } catch (error) {
      this.end(`${this.host}: sent something unreadable (${(error as Error).message})`);
    }
  }

  private answered(id: number, answer: { result: unknown } | { error: string }): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    if ('error' in answer) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer.result);
  }

  private end(why: string): void {
    if (this.ended) return;
    this.ended = true;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(why));
    }
    this.waiting.clear();
    this.stream.destroy();
    this.onEnd(why);
  }
}
