// A client whose terminal stops reading while its pane floods holds up nothing: what waits for it
// stays within the backlog limit (frames are skipped, not queued), another client of the same
// workspace keeps being drawn, control commands keep answering, and once the terminal reads again it
// catches up with the pane. Both ways a terminal can stall: the terminal itself stops reading (a
// frozen SSH link; the server writes frames to it directly), and a client stopped with SIGSTOP while
// its frames come through its socket.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_BACKLOG_BYTES } from '../../src/limits.js';
import type { ClientInfo } from '../../src/commands/serverInfo.js';
import { ControlProbe, describeLatency } from '../helpers/controlProbe.js';
import { OuterTerminal, TesseraSandbox, WAIT_TIMEOUT_MS, eventually } from '../helpers/outerTerminal.js';
import { rssBytes } from '../helpers/processMemory.js';

const MB = 1 << 20;
/** A big terminal, so that a flood's frames are big (~20 KB: every word of every line has its own color). */
const SIZE = { cols: 200, rows: 60 };
/** The other client's: another size, so that server-info tells the two apart. */
const WATCHER_SIZE = { cols: 160, rows: 60 };
/** The shortest stall: long enough for a flooding pane to fill any kernel buffer many times over. */
const MIN_STALL_MS = 4_000;
/** How long the stall goes on after the server began skipping the client's frames: unbounded, its backlog would keep growing. */
const HOLD_SKIPPING_MS = 2_000;
/** How long the conditions of a stall may take to be seen on a loaded machine. */
const STALL_DEADLINE_MS = 90_000;
/** Room for the frame that crossed the limit (a full repaint of the 200×60 screen is well under this). */
const ONE_FRAME_MARGIN = 256 << 10;
/** What a few seconds of flood may add to the server's memory at most (pane history, V8's heap). */
const MEMORY_GROWTH_LIMIT = 100 * MB;

let sandbox: TesseraSandbox | undefined;
const terminals: OuterTerminal[] = [];

afterEach(async () => {
  for (const t of terminals.splice(0)) {
    t.kill('SIGCONT');
    t.dispose();
  }
  await sandbox?.cleanup();
  sandbox = undefined;
});

interface StallWay {
  name: string;
  /** The stalled client's environment on top of the sandbox's. */
  env: Record<string, string>;
  frames: ClientInfo['frames'];
  stall(t: OuterTerminal): void;
  resume(t: OuterTerminal): void;
}

const WAYS: StallWay[] = [
  {
    name: 'its terminal stops reading (frames written straight to it)',
    env: {},
    frames: 'terminal',
    stall: (t) => t.process.pause(),
    resume: (t) => t.process.resume(),
  },
  {
    name: 'the client is stopped with SIGSTOP (frames through its socket)',
    env: { TESSERA_RELAY_OUTPUT: '1' },
    frames: 'socket',
    stall: (t) => t.kill('SIGSTOP'),
    resume: (t) => t.kill('SIGCONT'),
  },
];

function attach(s: TesseraSandbox, size: { cols: number; rows: number }, env: Record<string, string> = {}): OuterTerminal {
  const t = new OuterTerminal(['-L', s.socketName, 'attach', '-t', 'w'], { env: { ...s.env, ...env }, cwd: s.root, ...size, keepOutput: false });
  terminals.push(t);
  return t;
}

interface ServerInfo {
  pid: number;
  clients: ClientInfo[];
}

/** `server-info --json` as the server answers it: polled, so no Node start per poll. */
const serverInfo = async (s: TesseraSandbox) => (await s.request('server-info')) as ServerInfo;

/** The stalled client, told apart from the other by its size. */
const stalledOf = (info: ServerInfo) => info.clients.find((c) => c.cols === SIZE.cols && c.rows === SIZE.rows);

/**
 * A script that floods until `stop` exists: numbered rounds of a colored chunk, then a last line
 * (written with a break in it, so the command line itself never shows it).
 */
function writeFlood(dir: string): { script: string; stop: string } {
  const lines: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const words = Array.from({ length: 19 }, (_, w) => `\x1b[38;5;${16 + ((i * 19 + w) % 216)}m${`w${i}-${w}`.padEnd(9, '.')}`);
    lines.push(`${words.join(' ')}\x1b[0m`);
  }
  fs.writeFileSync(path.join(dir, 'chunk.txt'), `${lines.join('\n')}\n`);
  const stop = path.join(dir, 'stop');
  const script = path.join(dir, 'flood.sh');
  fs.writeFileSync(script, `n=0\nwhile [ ! -e ${stop} ]; do n=$((n+1)); echo "round $n"; cat ${path.join(dir, 'chunk.txt')}; done\necho "flood-""done after $n rounds"\nexec sleep 600\n`);
  return { script, stop };
}

describe('a client that stops reading while its pane floods', () => {
  it.each(WAYS)('$name: bounded, the other client and commands carry on, and it catches up', async (way) => {
    sandbox = new TesseraSandbox();
    const s = sandbox;
    const flood = writeFlood(s.root);
    await s.cliOk(['new', '-d', '-s', 'w', '-c', s.root, '--', 'bash', flood.script]);
    const stalled = attach(s, SIZE, way.env);
    const watcher = attach(s, WATCHER_SIZE);
    await stalled.waitFor(/round \d+/);
    await watcher.waitFor(/round \d+/);
    const before = await serverInfo(s);
    expect(before.clients.map((c) => c.frames).sort()).toEqual([way.frames, 'terminal'].sort());
    const baseline = rssBytes(before.pid);
    const described = await s.cliOk(['server-info']);
    expect(described).toContain('2 clients attached:\n');
    expect(described).toContain(`w ${SIZE.cols}x${SIZE.rows}: frames and keys ${way.frames === 'terminal' ? 'straight to and from its terminal' : 'through its socket'}, `);

    way.stall(stalled);
    const began = Date.now();
    const probe = new ControlProbe(s);
    const screens = new Set<string>();
    let peakBacklog = 0;
    let peakRss = baseline;
    let skippingSince: number | undefined;
    const routes = new Set<string>();
    // The stall lasts until the server has been skipping the stalled client's frames for a while (its
    // backlog passed the limit; the terminal may still take a last bite, so the backlog can then settle
    // a little under the limit, and the frames stay skipped), the other client has been drawn again and
    // again, and at least MIN_STALL_MS has passed.
    await eventually(
      async () => {
        const info = await serverInfo(s);
        const mine = stalledOf(info);
        routes.add(mine === undefined ? 'gone' : mine.frames);
        peakBacklog = Math.max(peakBacklog, mine?.backlogBytes ?? 0);
        if (mine?.skippingFrames === true) skippingSince ??= Date.now();
        else skippingSince = undefined;
        peakRss = Math.max(peakRss, rssBytes(info.pid));
        await watcher.settle();
        screens.add(watcher.text());
        const skipping = skippingSince === undefined ? 0 : Date.now() - skippingSince;
        return { elapsed: Date.now() - began, skipping, screens: screens.size, backlog: mine?.backlogBytes, routes: [...routes] };
      },
      (seen) => seen.elapsed >= MIN_STALL_MS && seen.skipping >= HOLD_SKIPPING_MS && seen.screens >= 5,
      STALL_DEADLINE_MS,
    );
    const latency = await probe.stop();
    // server-info says so in words too.
    expect(await s.cliOk(['server-info'])).toMatch(new RegExp(`w ${SIZE.cols}x${SIZE.rows}: [^\\n]* waiting \\(frames skipped until it catches up\\)\\n`));
    console.log(
      `stalled client (${way.frames}): ${Date.now() - began} ms; peak backlog ${Math.round(peakBacklog / 1024)} KB; ` +
        `the other client drew ${screens.size} different screens; server RSS +${Math.round((peakRss - baseline) / MB)} MB; ${describeLatency('meanwhile', latency)}`,
    );
    // Its frames kept their way, and are skipped while it waits: at most the limit and the one frame that crossed it.
    expect([...routes]).toEqual([way.frames]);
    expect(peakBacklog).toBeLessThanOrEqual(CLIENT_BACKLOG_BYTES + ONE_FRAME_MARGIN);
    expect(peakRss - baseline).toBeLessThan(MEMORY_GROWTH_LIMIT);
    expect(latency.count).toBeGreaterThan(3); // answered again and again while the client was stalled

    fs.writeFileSync(flood.stop, '');
    await watcher.waitFor(/flood-done after \d+ rounds/, STALL_DEADLINE_MS);
    way.resume(stalled);
    // Once it reads again it catches up with the pane, and what waited for it is gone.
    await stalled.waitFor(/flood-done after \d+ rounds/, STALL_DEADLINE_MS);
    await eventually(
      () => serverInfo(s),
      (info) => info.clients.length === 2 && info.clients.every((c) => c.backlogBytes === 0 && !c.skippingFrames),
      WAIT_TIMEOUT_MS,
    );
  }, 240_000);
});
