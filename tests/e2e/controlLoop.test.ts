// Thousands of control commands in a loop (what scripts and agents that drive tessera do) leave
// nothing behind in the server: no descriptors, no heap, and every answer is right.

import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMORY_RELEASE_DELAY_MS } from '../../src/limits.js';
import { timedRequest } from '../helpers/controlProbe.js';
import { PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

const MB = 1 << 20;
/** Commands in the measured loop. */
const COMMANDS = 10_000;
/** Commands before the baseline is taken: code compiled, caches filled. */
const WARM_UP_COMMANDS = 500;
/** Commands in flight at once, as a few scripts calling at the same time. */
const IN_FLIGHT = 8;
/** Growth of the collected heap that still counts as none (measured: +0.5 MB; 10,000 commands leaking a few hundred bytes each pass it). */
const HEAP_SLACK = 2 * MB;
/** Stillness between two looks at the heap: the server collects once it has been quiet this long. */
const QUIET_MS = MEMORY_RELEASE_DELAY_MS * 2;

let sandbox: TesseraSandbox | undefined;

afterEach(async () => {
  await sandbox?.cleanup();
  sandbox = undefined;
});

interface Info {
  pid: number;
  memory: { heapUsed: number; rss: number };
}

const fdCount = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;

/** `count` commands of several kinds, IN_FLIGHT at a time; each answer is checked. */
async function runCommands(s: TesseraSandbox, pane: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      switch (n % 4) {
        case 0: {
          const { result } = await timedRequest(s, 'list-panes', {});
          expect((result as { id: number }[]).map((p) => String(p.id))).toEqual([pane]);
          break;
        }
        case 1: {
          const { result } = await timedRequest(s, 'capture-pane', { pane });
          expect(JSON.stringify(result)).toMatch(PROMPT_PATTERN);
          break;
        }
        case 2:
          // Typed and erased again (C-u), so the shell's line never grows.
          await timedRequest(s, 'send-keys', { pane, keys: [`k${n}`, 'C-u'] });
          break;
        default:
          await timedRequest(s, 'ls', {});
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** The server's collected heap: looked at again, QUIET_MS apart, until it stops shrinking. */
async function settledInfo(s: TesseraSandbox): Promise<Info> {
  let last: Info | undefined;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const info = (await timedRequest(s, 'server-info', {})).result as Info;
    if (last && info.memory.heapUsed >= last.memory.heapUsed) return last;
    last = info;
  }
}

describe('control commands in a loop', () => {
  it(`${COMMANDS} commands leave no descriptor and no heap behind`, async () => {
    sandbox = new TesseraSandbox();
    const s = sandbox;
    await s.cliOk(['new', '-d', '-s', 'w', '-c', s.root]);
    const [{ id }] = await s.listPanes();
    const pane = String(id);
    await eventually(() => s.capturePane(pane), (text) => PROMPT_PATTERN.test(text));

    await runCommands(s, pane, WARM_UP_COMMANDS);
    const before = await settledInfo(s);
    const fdsBefore = fdCount(before.pid);
    const began = Date.now();
    await runCommands(s, pane, COMMANDS);
    const loopMs = Date.now() - began;
    const after = await settledInfo(s);
    const fdsAfter = fdCount(after.pid);
    console.log(
      `${COMMANDS} control commands (${IN_FLIGHT} at a time) in ${loopMs} ms: descriptors ${fdsBefore} -> ${fdsAfter}, ` +
        `heap ${(before.memory.heapUsed / MB).toFixed(1)} -> ${(after.memory.heapUsed / MB).toFixed(1)} MB, ` +
        `RSS ${(before.memory.rss / MB).toFixed(0)} -> ${(after.memory.rss / MB).toFixed(0)} MB`,
    );
    // The connections of the loop are all closed: the descriptors are those of before (the settled
    // look itself may still be closing one).
    expect(fdsAfter).toBeLessThanOrEqual(fdsBefore + 1);
    expect(after.memory.heapUsed - before.memory.heapUsed).toBeLessThan(HEAP_SLACK);
  }, 360_000); // 169 s alone with the machine's load at 20
});
