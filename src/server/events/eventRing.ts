// The last events, for readers that come back (`tessera events --since SEQ`): a fixed number kept, the
// oldest forgotten first, so memory stays bounded however long the server runs.

import type { EventsStart, TesseraEvent } from '../../protocol/events.js';

export class EventRing {
  private readonly slots: (TesseraEvent | undefined)[];
  /** The sequence number the next event gets; the first is 1. */
  private nextSeq = 1;
  /** The first number this ring gave (above 1 when it goes on from an earlier server's, see continueFrom). */
  private firstSeq = 1;

  constructor(readonly capacity: number) {
    this.slots = new Array<TesseraEvent | undefined>(capacity);
  }

  get next(): number {
    return this.nextSeq;
  }

  /** The oldest sequence number still kept (equal to `next` when none is). */
  get oldest(): number {
    return Math.max(this.firstSeq, this.nextSeq - this.capacity);
  }

  /**
   * Goes on numbering from `seq` (a server that took over from another: a reader's --since stays
   * meaningful, and the earlier server's events, not kept here, are reported missed). Only before the first event.
   */
  continueFrom(seq: number): void {
    if (this.nextSeq !== this.firstSeq || seq < 1) return;
    this.nextSeq = seq;
    this.firstSeq = seq;
  }

  /** Numbers the event, keeps it (forgetting the oldest when full) and returns it. */
  push(body: Omit<TesseraEvent, 'seq' | 'time'>, time: Date): TesseraEvent {
    const event = { ...body, seq: this.nextSeq, time: time.toISOString() } as TesseraEvent;
    this.slots[this.nextSeq % this.capacity] = event;
    this.nextSeq += 1;
    return event;
  }

  /**
   * The kept events numbered after `since`, oldest first, and which of the asked-for ones are no longer
   * kept. A `since` from the future (a reader of an earlier server on the same socket) replays everything kept.
   */
  after(since: number): { start: EventsStart; events: TesseraEvent[] } {
    const from = since >= this.nextSeq ? this.oldest : Math.max(since + 1, this.oldest);
    const events: TesseraEvent[] = [];
    for (let seq = from; seq < this.nextSeq; seq++) events.push(this.slots[seq % this.capacity] as TesseraEvent);
    const firstWanted = since >= this.nextSeq ? 1 : since + 1;
    const start: EventsStart = { next: this.nextSeq };
    if (firstWanted < this.oldest) start.missed = { first: firstWanted, last: this.oldest - 1 };
    return { start, events };
  }
}
