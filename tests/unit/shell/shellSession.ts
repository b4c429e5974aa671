// Test helper: a real shell in a real PTY, drawn by a headless xterm with the OSC tracker attached.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pkg from '@xterm/headless';
import { spawnPty, type PtyProcess } from '../../../src/pty/ptyProcess.js';
import { shellLaunch } from '../../../src/shell/integration.js';
import { trackShellOsc, type OscTracker, type ShellState } from '../../../src/shell/oscTracker.js';

const { Terminal } = pkg;
type HeadlessTerminal = InstanceType<typeof Terminal>;

/** Every wait in these tests ends at this deadline instead of sleeping a fixed time. */
export const WAIT_MS = 20_000;
const POLL_MS = 10;

/** The first existing path of a shell, or undefined when it is not installed. */
export function findShell(name: string): string | undefined {
  return ['/usr/bin', '/bin', '/usr/local/bin'].map((dir) => join(dir, name)).find((path) => existsSync(path));
}

export interface ShellSession {
  terminal: HeadlessTerminal;
  tracker: OscTracker;
  pty: PtyProcess;
  /** Every state the tracker went through, in order. */
  history: ShellState[];
  /** Everything the PTY sent, for error messages. */
  output(): string;
  /** The row the cursor is on, without trailing blanks. */
  cursorLine(): string;
  /** All rows, soft-wrapped ones joined to the line they continue. */
  screen(): string;
  /** Types a line and presses Enter (sent as CR, like a real terminal). */
  run(line: string): void;
  waitFor(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  home: string;
  args?: string[];
  env?: Record<string, string>;
}

export function startShell(shellPath: string, { home, args = [], env = {} }: StartOptions): ShellSession {
  const baseEnv: Record<string, string> = {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    USER: 'tester',
    ...env,
  };
  const launch = shellLaunch(shellPath, args, baseEnv);
  const terminal = new Terminal({ cols: 100, rows: 30, allowProposedApi: true });
  const tracker = trackShellOsc(terminal);
  const history: ShellState[] = [];
  tracker.onChange((state) => history.push(state));
  const pty = spawnPty({ file: launch.file, args: launch.args, env: launch.env, cwd: home, cols: 100, rows: 30 });
  let raw = '';
  pty.onData((data) => {
    raw += data;
    terminal.write(data);
  });
  // Programs ask their terminal questions (DA, cursor position); the emulator's answers go back.
  terminal.onData((reply) => pty.write(reply));

  const line = (y: number): string => terminal.buffer.active.getLine(y)?.translateToString(true) ?? '';
  const screen = (): string => {
    const buffer = terminal.buffer.active;
    let text = '';
    for (let y = 0; y < buffer.length; y++) {
      // A soft-wrapped row continues the line above it.
      text += (y > 0 && !buffer.getLine(y)?.isWrapped ? '\n' : '') + line(y);
    }
    return text.trimEnd();
  };

  return {
    terminal,
    tracker,
    pty,
    history,
    output: () => raw,
    cursorLine: () => line(terminal.buffer.active.baseY + terminal.buffer.active.cursorY).trimEnd(),
    screen,
    run: (text) => pty.write(`${text}\r`),
    async waitFor(condition, what, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      // The terminal parses asynchronously: an empty write's callback means all before it is parsed.
      const parsed = (): Promise<void> => new Promise((resolve) => terminal.write('', resolve));
      for (;;) {
        await parsed();
        if (condition()) return;
        if (Date.now() > deadline) {
          throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n--- screen ---\n${screen()}\n--- state ---\n${JSON.stringify(tracker.state)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async close() {
      await pty.terminate();
      pty.dispose();
      tracker.dispose();
      terminal.dispose();
    },
  };
}
