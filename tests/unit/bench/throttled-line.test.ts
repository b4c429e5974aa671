// The thin line of the thin-line scenario and the e2e test: it carries at most its rate, pauses the
// sender once its bytes in flight are reached, and hands bytes over in order.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThrottledLine } from '../../../bench/lib/throttled-line.js';

let delivered: Buffer[] = [];
let paused = 0;
let resumed = 0;

function line(bytesPerSecond: number, inFlightBytes: number): ThrottledLine {
  return new ThrottledLine({
    bytesPerSecond,
    inFlightBytes,
    deliver: (chunk) => delivered.push(Buffer.from(chunk)),
    pause: () => paused++,
    resume: () => resumed++,
  });
}

const deliveredBytes = () => delivered.reduce((sum, chunk) => sum + chunk.length, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  delivered = [];
  paused = 0;
  resumed = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ThrottledLine', () => {
  it('carries at most its rate, in order', () => {
    const thin = line(10_000, 1 << 20);
    const sent = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251));
    thin.push(sent.subarray(0, 20_000));
    thin.push(sent.subarray(20_000));
    vi.advanceTimersByTime(1000);
    expect(deliveredBytes()).toBeGreaterThan(9_000);
    expect(deliveredBytes()).toBeLessThanOrEqual(10_000);
    vi.advanceTimersByTime(5000);
    expect(Buffer.concat(delivered)).toEqual(sent);
    expect(thin.inFlight).toBe(0);
    thin.dispose();
  });

  it('pauses the sender while its bytes in flight are reached, and resumes it below', () => {
    const thin = line(10_000, 4_000);
    thin.push(Buffer.alloc(3_000));
    expect(paused).toBe(0);
    thin.push(Buffer.alloc(2_000));
    expect(paused).toBe(1);
    expect(thin.peakInFlight).toBe(5_000);
    vi.advanceTimersByTime(200);
    expect(resumed).toBe(1);
    thin.dispose();
  });
});
