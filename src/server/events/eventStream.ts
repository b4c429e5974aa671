// The server's event stream: every event is numbered and kept in the ring, then written to each
// subscribed reader. Writing never waits for a reader: one whose unread backlog passes its limit is
// dropped (it may reconnect with --since), so a slow script cannot hold the server or grow its memory.

import type { EventBody, EventsStart, TesseraEvent } from '../../protocol/events.js';
import { EventRing } from './eventRing.js';

/** A subscribed reader, as the stream sees it: its connection does the writing. */
export interface EventReader {
  /** Told first: which events follow, and which asked-for ones are gone. */
  started(start: EventsStart): void;
  /** Queues one event for the reader (never blocks). */
  write(event: TesseraEvent): void;
  /** Bytes queued for the reader and not yet taken by it. */
  backlog(): number;
  /** Lets go of a reader that fell behind, saying why. */
  drop(why: string): void;
  /** Ends the stream for the reader, telling it why (the server is going away). */
  end(reason: string): void;
}

/** Ends a subscription (the reader went away). */
export type Unsubscribe = () => void;

export class EventStream {
  private readonly ring: EventRing;
  private readonly readers = new Set<EventReader>();
  private silent = false;

  constructor(
    capacity: number,
    /** Backlog above which a reader is dropped. */
    private readonly maxBacklog: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.ring = new EventRing(capacity);
  }

  get subscribers(): number {
    return this.readers.size;
  }

  get next(): number {
    return this.ring.next;
  }

  /** Numbers events from `seq` on (see EventRing.continueFrom). */
  continueFrom(seq: number): void {
    this.ring.continueFrom(seq);
  }

  /** Runs `quietly` without numbering or telling anything it publishes (panes taken over in an upgrade are no news). */
  silently(quietly: () => void): void {
    this.silent = true;
    try {
      quietly();
    } finally {
      this.silent = false;
    }
  }

  /** Ends every reader's subscription, saying why (the server is going away). */
  endReaders(reason: string): void {
    for (const reader of [...this.readers]) {
      this.readers.delete(reader);
      reader.end(reason);
    }
  }

  publish(body: EventBody): TesseraEvent | undefined {
    if (this.silent) return undefined;
    const event = this.ring.push(body, this.now());
    for (const reader of [...this.readers]) this.deliver(reader, event);
    return event;
  }

  /** Replays the kept events after `since` (none when undefined: only new ones), then follows the new ones. */
  subscribe(reader: EventReader, since: number | undefined): Unsubscribe {
    const { start, events } = this.ring.after(since ?? this.ring.next - 1);
    this.readers.add(reader);
    reader.started(start);
    for (const event of events) if (!this.deliver(reader, event)) break;
    return () => this.readers.delete(reader);
  }

  /** False when the reader was dropped. */
  private deliver(reader: EventReader, event: TesseraEvent): boolean {
    if (!this.readers.has(reader)) return false;
    reader.write(event);
    const backlog = reader.backlog();
    if (backlog <= this.maxBacklog) return true;
    this.readers.delete(reader);
    reader.drop(`it fell behind the event stream (${backlog} bytes unread); it may reconnect with --since and the last sequence number it read`);
    return false;
  }
}
