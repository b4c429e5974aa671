// Records real agent sessions as raw terminal byte streams for the fidelity suite
// (tests/fidelity/fixtures/<kind>-session-100x30.stream, replayed there with `cat`).
//
// Runs only on request; an ordinary agents run skips it:
//   npm run build && node tests/agents/ensure-installed.mjs
//   TESSERA_RECORD_STREAMS=1 npx vitest run -c tests/agents/vitest.config.ts record-streams
//
// Each CLI runs in a 100×30 PTY against the fake model: start → idle → `make marker 1` → the permission
// dialog → allow → "Done." → idle. Every byte the CLI writes, from its first to the moment the final idle
// screen has held still, is saved untouched (read from the PTY as bytes, never decoded), in order.
// Everything the session shows lives under fixed folders in the temp dir, so a re-recording differs
// only where the CLI itself does (spinner words, timings, the fake model's port).

import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import pkg from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { describe, expect, test } from 'vitest';
import { AGENT_DETECTORS } from '../../src/agents/detectors.js';
import { CLI_FLOWS, ENTER } from './cliFlows.js';
import { markerPath } from './fake-model/script.js';
import { startFakeModel } from './fake-model/server.js';
import type { AgentKind, LaunchOptions, PrepareAgent } from './harness/kind.js';
import { prepareClaude } from './harness/kinds/claude.js';
import { prepareCodex } from './harness/kinds/codex.js';
import { prepareGemini } from './harness/kinds/gemini.js';
import { prepareOpencode } from './harness/kinds/opencode.js';
import { AGENT_BIN_DIR } from './harness/launch.js';
import { sessionMembers, signalSession } from './harness/processTree.js';
import { ECHO_TIMEOUT_MS, INPUT_SETTLE_MS, KILL_GRACE_MS, SETTLE_TIMEOUT_MS, START_TIMEOUT_MS, TURN_TIMEOUT_MS } from './harness/timings.js';
import { pinnedVersion } from './harness/versions.js';
import { waitUntil } from './harness/waitUntil.js';

const { Terminal } = pkg;

const RECORDING = process.env.TESSERA_RECORD_STREAMS === '1';
/** Which CLIs to record (default all four), e.g. TESSERA_RECORD_KINDS=claude,codex. */
const KINDS = (process.env.TESSERA_RECORD_KINDS ?? 'claude,codex,gemini,opencode').split(',').filter((k) => k !== '') as AgentKind[];
const COLS = 100;
const ROWS = 30;
const FIXTURES = fileURLToPath(new URL('../fidelity/fixtures/', import.meta.url));
/** How long the final idle screen must hold still before the recording stops (the rest is an idle tail). */
const FINAL_QUIET_MS = 1_000;
/** The fidelity suite keeps its fixtures small. */
const MAX_STREAM_BYTES = 300 * 1024;

const PREPARE: Record<AgentKind, PrepareAgent> = { claude: prepareClaude, codex: prepareCodex, gemini: prepareGemini, opencode: prepareOpencode };

/** The colors the fidelity suite's terminals report for OSC 10/11 (tests/fidelity/launch.ts). */
const OSC_REPLIES: Record<number, string> = { 10: 'rgb:d0d0/d0d0/d0d0', 11: 'rgb:0000/0000/0000' };

/** A fresh 100×30 headless xterm (unicode 11, like the fidelity suite's) with the text of its screen. */
function headless(): { term: InstanceType<typeof Terminal>; text(): string } {
  const term = new Terminal({ cols: COLS, rows: ROWS, scrollback: 1000, allowProposedApi: true });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  const text = (): string => {
    const buffer = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < ROWS; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  return { term, text };
}

async function recordSession(kind: AgentKind): Promise<{ file: string; bytes: number; screen: string }> {
  const flow = CLI_FLOWS[kind];
  const keys = AGENT_DETECTORS[kind].approvalKeys;
  // Fixed folders, so the paths on screen are the same at every recording.
  const root = path.join(os.tmpdir(), `tessera-stream-${kind}`);
  rmSync(root, { recursive: true, force: true });
  const cwd = path.join(root, 'project');
  const markerDir = path.join(root, 'markers');
  const stateDir = path.join(root, 'state');
  const home = path.join(stateDir, 'home');
  for (const dir of [cwd, markerDir, home]) mkdirSync(dir, { recursive: true });

  const server = await startFakeModel({ markerDir });
  const options: LaunchOptions = { cwd, markerDir, serverUrl: server.url, cols: COLS, rows: ROWS };
  const setup = await PREPARE[kind](stateDir, options);
  const { term, text } = headless();
  const child = pty.spawn(path.join(AGENT_BIN_DIR, setup.bin), setup.args, {
    name: 'xterm-256color',
    cols: COLS,
    rows: ROWS,
    cwd,
    // The same minimal environment as harness/launch.ts.
    env: {
      PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
      HOME: home,
      USER: process.env.USER ?? 'tessera',
      SHELL: '/bin/bash',
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      ...setup.env,
    },
    // Raw bytes: no decoding, so what is saved is exactly what the CLI wrote.
    encoding: null,
  });

  const chunks: Buffer[] = [];
  let capturing = true;
  let exited: string | undefined;
  let changedAt = Date.now();
  let lastText = '';
  child.onData((data: string | Buffer) => {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (capturing) chunks.push(Buffer.from(bytes));
    term.write(bytes, () => {
      const now = text();
      if (now !== lastText) {
        lastText = now;
        changedAt = Date.now();
      }
    });
  });
  term.onData((reply) => {
    if (exited === undefined) child.write(reply);
  });
  for (const [code, color] of Object.entries(OSC_REPLIES)) {
    term.parser.registerOscHandler(Number(code), (data) => {
      if (data !== '?') return false;
      if (exited === undefined) child.write(`\x1b]${code};${color}\x1b\\`);
      return true;
    });
  }
  child.onExit(({ exitCode }) => {
    exited = `exited with code ${exitCode}`;
  });

  const waitForScreen = async (pattern: RegExp, timeoutMs: number, what: string): Promise<void> => {
    try {
      await waitUntil(() => exited === undefined && pattern.test(text()), timeoutMs, what);
    } catch (error) {
      throw new Error(`${kind}: ${(error as Error).message} (${exited ?? 'running'}); the screen shows:\n${text()}`);
    }
  };
  const waitForQuiet = (quietMs: number, timeoutMs: number): Promise<void> =>
    waitUntil(() => Date.now() - changedAt >= quietMs, timeoutMs, `the ${kind} screen to hold still for ${quietMs} ms`);
  const pressWhenSettled = async (bytes: string): Promise<void> => {
    await waitForQuiet(INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    child.write(bytes);
  };

  try {
    await waitForScreen(flow.idle, START_TIMEOUT_MS, 'the idle prompt');
    await pressWhenSettled('make marker 1');
    await waitForScreen(/make marker 1/, ECHO_TIMEOUT_MS, 'the typed prompt');
    await pressWhenSettled(ENTER);
    await waitForScreen(flow.approval, TURN_TIMEOUT_MS, 'the permission dialog');
    await pressWhenSettled(keys.allow);
    await waitUntil(() => existsSync(markerPath(markerDir, 1)), TURN_TIMEOUT_MS, 'marker-1 to be created');
    await waitForScreen(/Done\./, TURN_TIMEOUT_MS, 'Done.');
    await waitForScreen(flow.idle, TURN_TIMEOUT_MS, 'the idle prompt after the turn');
    await waitForQuiet(FINAL_QUIET_MS, SETTLE_TIMEOUT_MS);
    capturing = false;
    const screen = text();

    const stream = Buffer.concat(chunks);
    // The saved bytes alone must draw the screen the live session ended on.
    const replay = headless();
    await new Promise<void>((resolve) => replay.term.write(stream, resolve));
    expect(replay.text()).toBe(screen);
    replay.term.dispose();
    expect(stream.length).toBeLessThan(MAX_STREAM_BYTES);

    const file = path.join(FIXTURES, `${kind}-session-${COLS}x${ROWS}.stream`);
    writeFileSync(file, stream);
    return { file, bytes: stream.length, screen };
  } finally {
    const leader = child.pid;
    if (exited === undefined) signalSession(leader, 'SIGTERM');
    try {
      await waitUntil(() => exited !== undefined && sessionMembers(leader).length === 0, KILL_GRACE_MS, `${kind} to exit`);
    } catch {
      signalSession(leader, 'SIGKILL');
    }
    term.dispose();
    await server.dispose();
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  }
}

describe.skipIf(!RECORDING)('record agent sessions as raw byte streams (TESSERA_RECORD_STREAMS=1)', () => {
  test.each(KINDS.map((kind) => [kind] as [AgentKind]))('%s', async (kind) => {
    const started = Date.now();
    const { file, bytes, screen } = await recordSession(kind);
    console.log(`${kind} ${pinnedVersion(kind)}: ${bytes} bytes in ${Date.now() - started} ms → ${path.relative(process.cwd(), file)}\n${screen}`);
  }, 120_000);
});
