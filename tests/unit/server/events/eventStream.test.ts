// The event ring (numbering, forgetting the oldest, replay after a sequence number) and the stream's
// readers (replay then live, a reader that falls behind dropped without holding anyone else).

import { describe, expect, it } from 'vitest';
import type { EventsStart, TesseraEvent } from '../../../../src/protocol/events.js';
import { EventRing } from '../../../../src/server/events/eventRing.js';
import { EventStream, type EventReader } from '../../../../src/server/events/eventStream.js';

const at = new Date('2030-01-02T03:04:05.000Z');
const created = (name: string) => ({ kind: 'workspace-created' as const, workspace: name });

/** A reader whose backlog is what it was written and has not "read" (take() reads it all). */
function reader(): EventReader & { seen: TesseraEvent[]; start?: EventsStart; dropped?: string; unread: number; take(): void } {
  const r = {
    seen: [] as TesseraEvent[],
    start: undefined as EventsStart | undefined,
    dropped: undefined as string | undefined,
    unread: 0,
    started: (start: EventsStart) => {
      r.start = start;
    },
    write: (event: TesseraEvent) => {
      r.seen.push(event);
      r.unread += JSON.stringify(event).length;
    },
    backlog: () => r.unread,
    drop: (why: string) => {
      r.dropped = why;
    },
    end: (why: string) => {
      r.dropped = why;
    },
    take: () => {
      r.unread = 0;
    },
  };
  return r;
}

describe('EventRing', () => {
  it('numbers events from 1 with their time', () => {
    const ring = new EventRing(4);
    expect(ring.push(created('a'), at)).toEqual({ kind: 'workspace-created', workspace: 'a', seq: 1, time: '2030-01-02T03:04:05.000Z' });
    expect(ring.push(created('b'), at).seq).toBe(2);
    expect(ring.next).toBe(3);
  });

  it('replays the events after a sequence number, and says which asked-for ones fell out', () => {
    const ring = new EventRing(3);
    for (const name of ['a', 'b', 'c', 'd', 'e']) ring.push(created(name), at);
    // Kept: 3, 4, 5.
    expect(ring.after(3).events.map((e) => e.seq)).toEqual([4, 5]);
    expect(ring.after(3).start).toEqual({ next: 6 });
    expect(ring.after(5).events).toEqual([]);
    const late = ring.after(0);
    expect(late.events.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(late.start).toEqual({ next: 6, missed: { first: 1, last: 2 } });
    expect(ring.after(1).start.missed).toEqual({ first: 2, last: 2 });
    expect(ring.after(2).start.missed).toBeUndefined();
  });

  it('replays all it keeps for a number from the future (a reader of an earlier server)', () => {
    const ring = new EventRing(8);
    ring.push(created('a'), at);
    const replay = ring.after(1000);
    expect(replay.events.map((e) => e.seq)).toEqual([1]);
    expect(replay.start.missed).toBeUndefined();
  });
});

describe('EventRing after an upgrade', () => {
  it('goes on numbering from where the earlier server stopped, and calls the events before it missed', () => {
    const ring = new EventRing(4);
    ring.continueFrom(40);
    expect(ring.push(created('a'), at).seq).toBe(40);
    expect(ring.next).toBe(41);
    // A reader that had read up to 37 of the earlier server lost 38 and 39 (never here).
    expect(ring.after(37).start).toEqual({ next: 41, missed: { first: 38, last: 39 } });
    expect(ring.after(37).events.map((e) => e.seq)).toEqual([40]);
    expect(ring.after(39).start).toEqual({ next: 41 });
    for (const name of ['b', 'c', 'd', 'e']) ring.push(created(name), at);
    expect(ring.after(39).events.map((e) => e.seq)).toEqual([41, 42, 43, 44]);
    expect(ring.after(39).start.missed).toEqual({ first: 40, last: 40 });
  });
});

describe('EventStream', () => {
  it('publishes nothing while silent (panes taken over are no news), and ends every reader saying why', () => {
    const stream = new EventStream(8, 1 << 20, () => at);
    const r = reader();
    stream.subscribe(r, undefined);
    stream.silently(() => stream.publish(created('quiet')));
    stream.publish(created('heard'));
    expect(r.seen.map((e) => (e.kind === 'workspace-created' ? e.workspace : ''))).toEqual(['heard']);
    expect(stream.next).toBe(2);
    stream.endReaders('the server moved');
    expect(r.dropped).toBe('the server moved');
    expect(stream.subscribers).toBe(0);
  });

  it('gives a new reader only new events, and one with since the replay first', () => {
    const stream = new EventStream(16, 1 << 20, () => at);
    stream.publish(created('a'));
    stream.publish(created('b'));
    const live = reader();
    const back = reader();
    stream.subscribe(live, undefined);
    stream.subscribe(back, 1);
    stream.publish(created('c'));
    expect(live.seen.map((e) => e.seq)).toEqual([3]);
    expect(live.start).toEqual({ next: 3 });
    expect(back.seen.map((e) => e.seq)).toEqual([2, 3]);
  });

  it('drops a reader whose backlog passes the limit, and goes on writing to the others', () => {
    const stream = new EventStream(16, 300, () => at);
    const slow = reader();
    const fast = reader();
    stream.subscribe(slow, undefined);
    stream.subscribe(fast, undefined);
    for (let i = 0; i < 10; i++) {
      stream.publish(created(`w${i}`));
      fast.take();
    }
    expect(slow.dropped).toMatch(/fell behind the event stream \(\d+ bytes unread\)/);
    const writtenToSlow = slow.seen.length;
    expect(writtenToSlow).toBeLessThan(10);
    expect(fast.seen).toHaveLength(10);
    expect(fast.dropped).toBeUndefined();
    expect(stream.subscribers).toBe(1);
    stream.publish(created('after'));
    expect(slow.seen).toHaveLength(writtenToSlow);
  });

  it('drops a reader during its replay when the replay alone is more than it may queue', () => {
    const stream = new EventStream(64, 300, () => at);
    for (let i = 0; i < 20; i++) stream.publish(created(`w${i}`));
    const late = reader();
    stream.subscribe(late, 0);
    expect(late.dropped).toBeDefined();
    expect(late.seen.length).toBeLessThan(20);
    expect(stream.subscribers).toBe(0);
  });

  it('stops writing to a reader that unsubscribed', () => {
    const stream = new EventStream(16, 1 << 20, () => at);
    const r = reader();
    const stop = stream.subscribe(r, undefined);
    stream.publish(created('a'));
    stop();
    stream.publish(created('b'));
    expect(r.seen.map((e) => e.workspace)).toEqual(['a']);
  });
});
