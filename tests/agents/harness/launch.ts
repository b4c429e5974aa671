// launchAgent: a real agent CLI in a PTY whose output feeds a headless terminal, with helpers to read and type.

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import type { AgentScreen } from '../../../src/agents/screen.js';
import type { AgentKind, LaunchOptions, PrepareAgent } from './kind.js';
import { prepareClaude } from './kinds/claude.js';
import { prepareCodex } from './kinds/codex.js';
import { prepareGemini } from './kinds/gemini.js';
import { prepareOpencode } from './kinds/opencode.js';
import { sessionMembers, signalSession } from './processTree.js';
import { makeTempDir, removeTempDir } from './tempDir.js';
import { createVirtualTerminal } from './terminal.js';
import { KILL_GRACE_MS } from './timings.js';
import { waitUntil } from './waitUntil.js';

const PREPARE: Record<AgentKind, PrepareAgent> = {
  claude: prepareClaude,
  codex: prepareCodex,
  gemini: prepareGemini,
  opencode: prepareOpencode,
};

export const AGENT_BIN_DIR = fileURLToPath(new URL('../node_modules/.bin/', import.meta.url));

export interface AgentSession {
  kind: AgentKind;
  pid: number;
  screen(): AgentScreen;
  screenLines(): string[];
  /** Resolves with the match once the screen text (rows joined by newlines) matches; rejects at the deadline or on exit. */
  waitForScreen(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /**
   * Resolves once the screen text has not changed for `quietMs`. Keys sent the instant a screen paints can be lost
   * (a dialog not yet listening) or misread (gemini takes Enter within 30 ms of other keys as a pasted newline).
   */
  waitForQuiet(quietMs: number, timeoutMs: number): Promise<void>;
  /** Text as the user would type it. Send Enter separately with press('\r'): some CLIs take a burst ending in CR as a paste. */
  type(text: string): void;
  /** Raw key bytes: '\r' Enter, '\x1b' Esc, '\x03' Ctrl+C, '\x1b[C' Right. */
  press(bytes: string): void;
  /** Kills the whole process tree, closes the terminal and removes the agent's temp folders; safe to call twice. */
  dispose(): Promise<void>;
}

interface Waiter {
  pattern: RegExp;
  resolve(match: RegExpExecArray): void;
  reject(error: Error): void;
}

const screenText = (screen: AgentScreen): string => screen.lines.join('\n');

/**
 * The environment every agent gets: nothing from the test runner's own (no CI, TMUX or real API keys). Its TMPDIR
 * is in the agent's state folder, which dispose() removes: opencode (a Bun binary) unpacks its native UI library
 * (~14 MB) into $TMPDIR at every start and leaves it there.
 */
function baseEnv(home: string, tmp: string): Record<string, string> {
  return {
    PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    TMPDIR: tmp,
    USER: process.env.USER ?? 'tessera',
    SHELL: '/bin/bash',
    TERM: 'xterm-256color',
    COLORTERM: 'truecolor',
    LANG: 'C.UTF-8',
  };
}

export async function launchAgent(kind: AgentKind, options: LaunchOptions): Promise<AgentSession> {
  if (!existsSync(path.join(AGENT_BIN_DIR, kind))) {
    throw new Error(`${kind} is not installed in ${AGENT_BIN_DIR}; run: node tests/agents/ensure-installed.mjs`);
  }
  const stateDir = await makeTempDir(`${kind}-state`);
  const home = path.join(stateDir, 'home');
  const tmp = path.join(stateDir, 'tmp');
  await Promise.all([home, tmp].map((dir) => mkdir(dir, { recursive: true })));
  const setup = await PREPARE[kind](stateDir, options);
  const terminal = createVirtualTerminal(options.cols, options.rows);
  const child = pty.spawn(path.join(AGENT_BIN_DIR, setup.bin), setup.args, {
    name: 'xterm-256color',
    cols: options.cols,
    rows: options.rows,
    cwd: options.cwd,
    env: { ...baseEnv(home, tmp), ...setup.env },
  });

  let exit: string | undefined;
  const waiters = new Set<Waiter>();
  const changeListeners = new Set<() => void>();
  let lastText = '';
  const settle = (): void => {
    const text = screenText(terminal.snapshot());
    if (text !== lastText) {
      lastText = text;
      for (const listener of changeListeners) listener();
    }
    for (const waiter of waiters) {
      const match = waiter.pattern.exec(text);
      if (match !== null) {
        waiters.delete(waiter);
        waiter.resolve(match);
      }
    }
  };
  let ended: Promise<void> | undefined;
  child.onData((data) => {
    if (ended === undefined) terminal.write(data, settle);
  });
  terminal.onReply((data) => {
    if (exit === undefined) child.write(data);
  });
  child.onExit(({ exitCode, signal }) => {
    exit = `exited with code ${exitCode}${signal ? ` (signal ${signal})` : ''}`;
    for (const waiter of waiters) waiter.reject(new Error(`${kind} ${exit} while waiting for ${waiter.pattern}\n${screenText(terminal.snapshot())}`));
    waiters.clear();
  });

  const waitForScreen = (pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const now = pattern.exec(screenText(terminal.snapshot()));
      if (now !== null) return resolve(now);
      if (exit !== undefined) return reject(new Error(`${kind} ${exit}; the screen never showed ${pattern}`));
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`${kind}: the screen did not show ${pattern} within ${timeoutMs} ms. Screen:\n${screenText(terminal.snapshot())}`));
      }, timeoutMs);
      const waiter: Waiter = {
        pattern,
        resolve: (match) => {
          clearTimeout(timer);
          resolve(match);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      waiters.add(waiter);
    });

  const waitForQuiet = (quietMs: number, timeoutMs: number): Promise<void> =>
    new Promise((resolve, reject) => {
      let quietTimer: NodeJS.Timeout;
      const finish = (error?: Error): void => {
        clearTimeout(quietTimer);
        clearTimeout(deadline);
        changeListeners.delete(restart);
        if (error === undefined) resolve();
        else reject(error);
      };
      const restart = (): void => {
        clearTimeout(quietTimer);
        quietTimer = setTimeout(() => finish(), quietMs);
      };
      const deadline = setTimeout(() => finish(new Error(`${kind}: the screen kept changing for ${timeoutMs} ms`)), timeoutMs);
      changeListeners.add(restart);
      restart();
    });

  const end = async (): Promise<void> => {
    const leader = child.pid;
    if (exit === undefined) signalSession(leader, 'SIGTERM');
    try {
      await waitUntil(() => exit !== undefined && sessionMembers(leader).length === 0, KILL_GRACE_MS, `${kind} to exit`);
    } catch {
      signalSession(leader, 'SIGKILL');
      await waitUntil(() => exit !== undefined && sessionMembers(leader).length === 0, KILL_GRACE_MS, `${kind} to die after SIGKILL`);
    }
    terminal.dispose();
    await removeTempDir(stateDir);
  };
  const dispose = (): Promise<void> => (ended ??= end());

  return {
    kind,
    pid: child.pid,
    screen: () => terminal.snapshot(),
    screenLines: () => terminal.snapshot().lines,
    waitForScreen,
    waitForQuiet,
    type: (text) => child.write(text),
    press: (bytes) => child.write(bytes),
    dispose,
  };
}
