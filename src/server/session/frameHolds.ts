// When a dirty pane is better left undrawn for a moment:
//  - it is inside a synchronized-output frame (DEC 2026) that has not timed out, or
//  - it floods (`cat huge.log`, `yes`): nobody reads text scrolling at 60 fps, and drawing every
//    frame of it would flood a slow link too, so a flooding pane is drawn at a lower rate while
//    every other pane (and the cursor, and typing) stays at full speed.

import { FLOOD_BYTES_PER_FRAME, FLOOD_FRAME_INTERVAL_MS, SYNC_OUTPUT_TIMEOUT_MS } from '../../limits.js';
import type { Emulator } from '../../term/emulator.js';

interface PaneRecord {
  syncSince?: number;
  lastReadAt: number;
  bytesAtLastRead: number;
}

export class FrameHolds {
  /** Weak: a closed pane's emulator is forgotten with it. */
  private records = new WeakMap<Emulator, PaneRecord>();
  private earliestRetry: number | undefined;

  /** Asked by the compositor for each dirty pane; false means it reads the pane now. */
  isHeld(emulator: Emulator, now: number): boolean {
    let record = this.records.get(emulator);
    if (!record) {
      record = { lastReadAt: -Infinity, bytesAtLastRead: emulator.bytesReceived };
      this.records.set(emulator, record);
    }
    const retryAt = this.holdUntil(emulator, record, now);
    if (retryAt !== undefined) {
      this.earliestRetry = this.earliestRetry === undefined ? retryAt : Math.min(this.earliestRetry, retryAt);
      return true;
    }
    record.lastReadAt = now;
    record.bytesAtLastRead = emulator.bytesReceived;
    return false;
  }

  /** Whether the next frame would leave this dirty pane undrawn (not counted as read; its retry time is noted as for isHeld). */
  wouldHold(emulator: Emulator, now: number): boolean {
    const record = this.records.get(emulator);
    const retryAt = record && this.holdUntil(emulator, record, now);
    if (retryAt === undefined) return false;
    this.earliestRetry = this.earliestRetry === undefined ? retryAt : Math.min(this.earliestRetry, retryAt);
    return true;
  }

  /** Output of a dirty pane that the next frame would draw (0 when it would be held), in characters. */
  pendingBytes(emulator: Emulator, now: number): number {
    const record = this.records.get(emulator);
    if (!record) return emulator.bytesReceived;
    if (this.holdUntil(emulator, record, now) !== undefined) return 0;
    return emulator.bytesReceived - record.bytesAtLastRead;
  }

  /** Milliseconds until a held pane should be tried again (undefined when none is held); resets. */
  takeRetryDelay(now: number): number | undefined {
    const at = this.earliestRetry;
    this.earliestRetry = undefined;
    return at === undefined ? undefined : Math.max(0, at - now);
  }

  clear(): void {
    this.records = new WeakMap();
    this.earliestRetry = undefined;
  }

  private holdUntil(emulator: Emulator, record: PaneRecord, now: number): number | undefined {
    if (emulator.synchronizedOutput) {
      record.syncSince ??= now;
      if (now - record.syncSince < SYNC_OUTPUT_TIMEOUT_MS) return record.syncSince + SYNC_OUTPUT_TIMEOUT_MS;
    } else {
      record.syncSince = undefined;
    }
    const flooding = emulator.bytesReceived - record.bytesAtLastRead > FLOOD_BYTES_PER_FRAME;
    if (flooding && now - record.lastReadAt < FLOOD_FRAME_INTERVAL_MS) return record.lastReadAt + FLOOD_FRAME_INTERVAL_MS;
    return undefined;
  }
}
