// Hostile output against real emulators: huge counts cost a screenful, one pane's expensive output
// does not hold up another's, and malformed bytes are counted, not logged one by one.

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Emulator } from '../../../src/term/emulator.js';
import { longestStall } from '../../helpers/eventLoopStall.js';
import { HOSTILE_SEQUENCES } from './hostileSequences.js';

const emulators: Emulator[] = [];
function emulator(log?: (line: string) => void, cols = 200, rows = 50): Emulator {
  const e = new Emulator({ cols, rows, scrollback: 5000, name: 'pane 7', log });
  emulators.push(e);
  return e;
}
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

const parsed = (e: Emulator, data: string): Promise<void> => new Promise((resolve) => e.write(data, resolve));



/** The CSI sequences of `text` as xterm identifies a handler: final byte and intermediates. */
function handlerIds(text: string): { final: string; intermediates?: string }[] {
  const ids = new Map<string, { final: string; intermediates?: string }>();
  for (const [, intermediates, final] of text.matchAll(/(?:\x1b\[|\x9b)[\d;]*([ -/]*)([@-~])/g)) {
    ids.set(intermediates + final, intermediates ? { final, intermediates } : { final });
  }
  return [...ids.values()];
}

/**
 * Every number xterm's handlers receive for these sequences while `work` runs: what the emulator
 * really acts on, after the clamp. The handlers return false, so xterm's own still run.
 */
async function countsXtermActsOn(e: Emulator, sequences: string, work: () => Promise<void>): Promise<number[]> {
  const seen: number[] = [];
  const handlers = handlerIds(sequences).map((id) =>
    e.terminal.parser.registerCsiHandler(id, (params) => {
      for (const p of params) for (const n of typeof p === 'number' ? [p] : p) seen.push(n);
      return false;
    }),
  );
  try {
    await work();
  } finally {
    for (const h of handlers) h.dispose();
  }
  return seen;
}

describe('hostile output', () => {
  // What these cost through the emulator is measured by `npm run bench:micro` (hostileOutput.bench.ts);
  // here, that the emulator never acts on a count larger than its screen: unclamped, the fastest of
  // these took 9 s, and the slowest minutes.
  it.each(HOSTILE_SEQUENCES)('%j reaches the emulator with counts no larger than its screen', async (sequence) => {
    const cols = 200;
    const rows = 50;
    const e = emulator(undefined, cols, rows);
    await parsed(e, 'some text\r\n'.repeat(60));
    const counts = await countsXtermActsOn(e, sequence, () => parsed(e, sequence));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.filter((n) => n > cols * rows)).toEqual([]);
  });

  it('parses another pane between the slices of a pane that floods with the most expensive sequences', async () => {
    const flooder = emulator();
    const quiet = emulator();
    const flood = '\x1b[50L\x1b[50S'.repeat(5_000); // 50 KB: each sequence is a full screen of work
    let floodParsed = false;
    let floodParsedBeforeQuiet: boolean | undefined;
    const begin = performance.now();
    const stall = await longestStall(async () => {
      const floodDone = parsed(flooder, flood).then(() => (floodParsed = true));
      await parsed(quiet, 'hello');
      floodParsedBeforeQuiet = floodParsed;
      await floodDone;
    });
    console.log(`flood of 10k screen-sized sequences: ${(performance.now() - begin).toFixed(0)} ms in all; longest event-loop stall ${stall.toFixed(1)} ms`);
    expect(quiet.liveScreen().lines[0]).toBe('hello');
    // The other pane took its turn between the flood's slices, not after the whole flood (10k screens of work).
    expect(floodParsedBeforeQuiet).toBe(false);
  });

  it('counts malformed bytes and writes a summary line, not a line per error', async () => {
    const lines: string[] = [];
    const e = emulator((line) => lines.push(line));
    const noise = randomBytes(2 << 20).toString('latin1');
    const stall = await longestStall(() => parsed(e, noise));
    await new Promise((r) => setTimeout(r, 10)); // the first summary is written on a timer of 0
    expect(e.parseErrors.total).toBeGreaterThan(100);
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(/^pane 7: \d+ malformed control sequence\(s\) ignored in the last \d+ s$/);
    console.log(`2 MB of random bytes: ${e.parseErrors.total} malformed sequences, ${lines.length} log line(s); longest stall ${stall.toFixed(1)} ms`);
    // More errors within the interval are summed into the next line, written when the pane closes at the latest.
    await parsed(e, randomBytes(1 << 16).toString('latin1'));
    expect(lines.length).toBe(1);
    e.dispose();
    expect(lines.length).toBe(2);
  });

  it('writes nothing to the console for malformed output', async () => {
    const writes: unknown[] = [];
    const original = console.error;
    const originalLog = console.log;
    console.error = (...args: unknown[]) => writes.push(args);
    console.log = (...args: unknown[]) => writes.push(args);
    try {
      const e = emulator();
      await parsed(e, randomBytes(1 << 16).toString('latin1'));
      expect(e.parseErrors.total).toBeGreaterThan(0);
    } finally {
      console.error = original;
      console.log = originalLog;
    }
    expect(writes).toEqual([]);
  });

  it('keeps a pile of combining characters from growing one cell without bound', async () => {
    const e = emulator(undefined, 80, 24);
    const begin = performance.now();
    await parsed(e, `e${'\u0301'.repeat(2_000_000)}`); // unbounded, 5 MB of these took 3 s and 300 MB
    const elapsed = performance.now() - begin;
    // The cell holds 16 marks, not 2 million: the cost of each further mark stays that of a small cell
    // (its time is printed, not asserted: the 4 MB must be parsed however loaded the machine is).
    const cell = e.terminal.buffer.active.getLine(0)?.getCell(0);
    expect(cell?.getChars()).toBe(`e${'\u0301'.repeat(16)}`);
    console.log(`2 million combining accents: ${elapsed.toFixed(0)} ms`);
  });
});
