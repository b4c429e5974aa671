import { describe, expect, it } from 'vitest';
import { FLOOD_BYTES_PER_FRAME, FLOOD_FRAME_INTERVAL_MS, SYNC_OUTPUT_TIMEOUT_MS } from '../../../src/limits.js';
import { FrameHolds } from '../../../src/server/session/frameHolds.js';
import type { Emulator } from '../../../src/term/emulator.js';

/** The two things FrameHolds reads of an emulator. */
function pane(): Emulator & { bytesReceived: number; synchronizedOutput: boolean } {
  return { bytesReceived: 0, synchronizedOutput: false } as unknown as Emulator & { bytesReceived: number; synchronizedOutput: boolean };
}

describe('FrameHolds.wouldHold', () => {
  it('says a flooding pane waits for its next flood frame, without counting as a read, and when to ask again', () => {
    const holds = new FrameHolds();
    const flood = pane();
    expect(holds.wouldHold(flood, 0)).toBe(false); // never drawn: drawn at once
    expect(holds.isHeld(flood, 0)).toBe(false);
    flood.bytesReceived += FLOOD_BYTES_PER_FRAME + 1;
    expect(holds.wouldHold(flood, 10)).toBe(true);
    expect(holds.wouldHold(flood, 20)).toBe(true);
    expect(holds.takeRetryDelay(20)).toBe(FLOOD_FRAME_INTERVAL_MS - 20);
    expect(holds.pendingBytes(flood, 20)).toBe(0);
    expect(holds.wouldHold(flood, FLOOD_FRAME_INTERVAL_MS)).toBe(false);
    expect(holds.pendingBytes(flood, FLOOD_FRAME_INTERVAL_MS)).toBe(FLOOD_BYTES_PER_FRAME + 1); // still unread
  });

  it('holds a pane inside a synchronized-output frame until the frame ends or times out', () => {
    const holds = new FrameHolds();
    const tui = pane();
    holds.isHeld(tui, 0);
    tui.synchronizedOutput = true;
    expect(holds.wouldHold(tui, 5)).toBe(true);
    expect(holds.wouldHold(tui, 5 + SYNC_OUTPUT_TIMEOUT_MS)).toBe(false);
    tui.synchronizedOutput = false;
    expect(holds.wouldHold(tui, 6)).toBe(false);
  });
});
