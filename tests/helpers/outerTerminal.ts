// The "outer terminal" of end-to-end tests: the real tessera binary in a real PTY, whose output is
// read by a second headless xterm, exactly as a user's terminal would show it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type net from 'node:net';
import { execFile } from 'node:child_process';
import pty from '@lydell/node-pty';
import xtermHeadless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import { StringDecoder } from 'node:string_decoder';
import { ThrottledLine } from '../../bench/lib/throttled-line.js';
import { connectToServer } from '../../src/client/connect.js';
import { NoServerError } from '../../src/client/errors.js';
import { askServer } from '../../src/client/request.js';
import { resolveSocketPath } from '../../src/protocol/socketPath.js';

const { Terminal } = xtermHeadless;
const { Unicode11Addon } = unicode11;

export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const TESSERA_BIN = path.join(REPO_ROOT, 'bin/tessera.js');
/** Default deadline for "wait until the screen shows X": generous, since CI machines can be slow. */
export const WAIT_TIMEOUT_MS = 15_000;
/**
 * A control command's run in a test ends after this only as a guard against a hang. 15 s was too short: at load 25 an
 * `ls` that starts a server and reads git for every workspace took longer, and was ended looking like a silent exit 1.
 */
const CLI_DEADLINE_MS = 90_000;
const POLL_MS = 20;
/** The shell prompt in sandboxed panes: distinctive, so tests can wait for it. */
export const PROMPT = 'tsh$';
export const PROMPT_PATTERN = /tsh\$/;

/** An isolated tessera world: its own socket dir, config dir and home, removed by cleanup(). */
export class TesseraSandbox {
  readonly root: string;
  readonly env: Record<string, string>;
  readonly socketName = 'test';
  /** Terminals opened with open(), disposed by cleanup(). */
  private readonly terminals: OuterTerminal[] = [];

  constructor(extraEnv: Record<string, string> = {}, settings: Record<string, unknown> = {}) {
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-test-'));
    const home = path.join(this.root, 'home');
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, '.bashrc'), `PS1='${PROMPT} '\n`);
    this.env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      SHELL: '/bin/bash',
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      TESSERA_TMPDIR: path.join(this.root, 'run'),
      TESSERA_CONFIG_DIR: path.join(this.root, 'config'),
      TESSERA_STATE_DIR: path.join(this.root, 'state'),
      TESSERA_WORKSPACE_ROOT: path.join(this.root, 'workspaces'),
      // Each test's server skips the warm-up for a first attach (src/server/process/warmUp.ts): ~10 % of the suite's CPU.
      TESSERA_WARM_UP: '0',
      // For a profile of every server a run starts (CONTRIBUTING, Profiling).
      ...(process.env.TESSERA_SERVER_NODE_FLAGS === undefined ? {} : { TESSERA_SERVER_NODE_FLAGS: process.env.TESSERA_SERVER_NODE_FLAGS }),
      ...extraEnv,
    };
    this.writeSettings(settings);
  }

  /** Writes config.json. Panes run any program the tests name, as they would for a user. */
  writeSettings(settings: Record<string, unknown>): void {
    fs.mkdirSync(this.env.TESSERA_CONFIG_DIR, { recursive: true });
    fs.writeFileSync(path.join(this.env.TESSERA_CONFIG_DIR, 'config.json'), JSON.stringify(settings));
  }

  /** Runs a control command and returns its output and exit code. */
  cli(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [TESSERA_BIN, '-L', this.socketName, ...args],
        { env: { ...this.env, ...options.env }, cwd: options.cwd ?? this.root, timeout: CLI_DEADLINE_MS },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          // Ended by the deadline above: say so, or the failure reads as the command's own exit 1 with nothing on stderr.
          const ended = error?.killed === true ? `[test harness: still running after ${CLI_DEADLINE_MS} ms, ended with ${error.signal ?? 'a signal'}]` : '';
          resolve({ code, stdout, stderr: stderr + ended });
        },
      );
    });
  }

  async cliOk(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<string> {
    const result = await this.cli(args, options);
    if (result.code !== 0) throw new Error(`tessera ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
    return result.stdout;
  }

  /**
   * A control request sent from this process straight to the server's socket: cheap enough to poll (no Node start
   * per request). What a test asserts about a command's output goes through cli(); this is for reading state.
   */
  async request(command: string, args: Record<string, unknown> = {}): Promise<unknown> {
    const socketPath = resolveSocketPath({ name: this.socketName }, this.env);
    let socket: net.Socket | undefined;
    const connect = async () => (socket = await connectToServer(socketPath, this.socketName, this.env));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        socket?.destroy();
        reject(new Error(`[test harness: the server did not answer ${command} within ${CLI_DEADLINE_MS} ms]`));
      }, CLI_DEADLINE_MS);
    });
    try {
      // Asked again while the server hands over to another version, as the CLI does.
      return await Promise.race([askServer(connect, command, args, { cwd: this.root }), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A pane's screen as `capture-pane -t PANE` prints it (the CLI's own output is checked in capturePane.test.ts), for polling. */
  async capturePane(pane: string): Promise<string> {
    return String(await this.request('capture-pane', { pane }));
  }

  /** The panes, as `list-panes --json` gives them (which control.test.ts and others check through the CLI); none without a server, as there. */
  async listPanes(): Promise<PaneJson[]> {
    try {
      return (await this.request('list-panes')) as PaneJson[];
    } catch (error) {
      if (error instanceof NoServerError) return [];
      throw error;
    }
  }

  /** Starts the real binary on this sandbox's server (`tessera -L … ARGS`) in a terminal that cleanup() disposes. */
  open(args: string[] = [], size: { cols: number; rows: number } = { cols: 100, rows: 30 }): OuterTerminal {
    const t = new OuterTerminal(['-L', this.socketName, ...args], { env: this.env, cwd: this.root, ...size });
    this.terminals.push(t);
    return t;
  }

  async cleanup(): Promise<void> {
    for (const t of this.terminals.splice(0)) t.dispose();
    // Only pids that are still this sandbox's servers: a log names every server it ever had, and on a
    // machine whose pids wrap at 32768 an old one can be any process by now (a vitest worker, once).
    const pids = [...new Set([...this.serverPids(), ...this.serversUnderRoot()])].filter((pid) => this.isOwnServer(pid));
    // SIGTERM is what kill-server does in the server (it ends its panes' process groups, then exits),
    // without a `tessera kill-server` process: one Node start less per test, ~300 in the suite.
    for (const pid of pids) signal(pid, 'SIGTERM');
    // Panes' process groups get a grace period, and the server writes pid records until then: remove
    // the tree only once it has exited.
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    while (pids.some((pid) => this.isOwnServer(pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
    // A server started while this ran (a client of the test starting one at the last moment) or one
    // that would not stop must not outlive the sandbox whose folders it uses: end it, and say so.
    const survivors = [...new Set([...pids, ...this.serverPids(), ...this.serversUnderRoot()])].filter((pid) => this.isOwnServer(pid));
    for (const pid of survivors) {
      console.warn(`TesseraSandbox: server ${pid} still running (or started meanwhile); ending it`);
      signal(pid, 'SIGTERM'); // the server ends its panes' process groups on SIGTERM
    }
    const grace = Date.now() + WAIT_TIMEOUT_MS;
    while (survivors.some((pid) => this.isOwnServer(pid)) && Date.now() < grace) await new Promise((r) => setTimeout(r, POLL_MS));
    for (const pid of survivors.filter((pid) => this.isOwnServer(pid))) signal(pid, 'SIGKILL');
    fs.rmSync(this.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  /** Pids of tessera servers whose socket lies anywhere in this sandbox (a test may point TESSERA_TMPDIR elsewhere in it). */
  serversUnderRoot(): number[] {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => this.isOwnServer(pid));
  }

  /** Whether `pid` is now a tessera server of this sandbox (its command line names the server and a path in it). */
  private isOwnServer(pid: number): boolean {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return args.some((arg) => arg.endsWith('server/main.cjs')) && args.some((arg) => arg.startsWith(`${this.root}/`));
    } catch {
      return false; // gone, or not ours to read
    }
  }

  /** Pids of the servers this sandbox started, from their logs. */
  private serverPids(): number[] {
    const runDir = this.env.TESSERA_TMPDIR;
    const pids: number[] = [];
    try {
      for (const dir of fs.existsSync(runDir) ? fs.readdirSync(runDir) : []) {
        for (const file of fs.readdirSync(path.join(runDir, dir)).filter((f) => f.endsWith('.log'))) {
          const log = fs.readFileSync(path.join(runDir, dir, file), 'utf8');
          for (const match of log.matchAll(/tessera server (\d+) listening/g)) pids.push(Number(match[1]));
        }
      }
    } catch {
      // Something else lives there (a test's own files): the pids found so far are all there are.
    }
    return pids;
  }
}

export interface PaneJson {
  id: number;
  workspace: string;
  title: string;
  command: string;
  pid: number | null;
  status: string;
  exitCode: number | null;
  agent: string | null;
  question: string | null;
  questionId: string | null;
  attention: boolean;
  cols: number;
  rows: number;
  rect: { x: number; y: number; width: number; height: number } | null;
  cursor: { x: number; y: number };
  focused: boolean;
  cwd: string;
}

/** tessera (or anything) running in a PTY whose screen we can read. */
export class OuterTerminal {
  readonly term: InstanceType<typeof Terminal>;
  readonly process: pty.IPty;
  bytesWritten = 0;
  output = '';
  exitCode: number | undefined;
  readonly exited: Promise<number>;
  private keepOutput: boolean;

  /** The thin line the output comes through, when the terminal was opened with one. */
  readonly line: ThrottledLine | undefined;

  constructor(
    args: string[],
    options: {
      env: Record<string, string>;
      cols?: number;
      rows?: number;
      cwd?: string;
      file?: string;
      keepOutput?: boolean;
      /** Output through a thin line (see bench/lib/throttled-line.js); the terminal then answers queries as a real one. */
      line?: { bytesPerSecond: number; inFlightBytes: number };
    },
  ) {
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    this.keepOutput = options.keepOutput ?? true;
    this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.process = pty.spawn(options.file ?? process.execPath, options.file ? args : [TESSERA_BIN, ...args], {
      cols,
      rows,
      cwd: options.cwd ?? os.tmpdir(),
      env: options.env,
      name: 'xterm-256color',
      ...(options.line ? { encoding: null } : {}),
    });
    const decoder = new StringDecoder('utf8');
    const draw = (data: string | Buffer) => {
      this.bytesWritten += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
      if (this.keepOutput) this.output += typeof data === 'string' ? data : decoder.write(data);
      this.term.write(data);
    };
    if (options.line) {
      const line = new ThrottledLine({
        ...options.line,
        deliver: draw,
        pause: () => this.process.pause(),
        resume: () => this.process.resume(),
      });
      this.line = line;
      // node-pty hands Buffers over when its encoding is null, whatever its types say.
      this.process.onData((data) => line.push(data as unknown as Buffer));
      // Answers to queries go back once what came before them has arrived and been parsed.
      this.term.onData((reply) => this.process.write(reply));
    } else this.process.onData(draw);
    this.exited = new Promise((resolve) => {
      this.process.onExit(({ exitCode }) => {
        this.exitCode = exitCode;
        resolve(exitCode);
      });
    });
  }

  write(data: string): void {
    this.process.write(data);
  }

  resize(cols: number, rows: number): void {
    this.process.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /** Waits until xterm has parsed everything received so far. */
  settle(): Promise<void> {
    return new Promise((resolve) => this.term.write('', resolve));
  }

  lines(): string[] {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < this.term.rows; y++) out.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return out;
  }

  text(): string {
    return this.lines().join('\n');
  }

  /** Waits until the screen matches, or fails with the screen in the message. */
  async waitFor(pattern: string | RegExp | (() => boolean), timeoutMs = WAIT_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const test = () => {
      if (typeof pattern === 'function') return pattern();
      const text = this.text();
      return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
    };
    while (Date.now() < deadline) {
      await this.settle();
      if (test()) return;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    throw new Error(`timed out waiting for ${String(pattern)}; the screen shows:\n${this.text()}`);
  }

  cell(x: number, y: number) {
    const line = this.term.buffer.active.getLine(this.term.buffer.active.viewportY + y);
    return line?.getCell(x);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    try {
      process.kill(this.process.pid, signal);
    } catch {
      // already gone
    }
  }

  dispose(): void {
    this.kill('SIGKILL');
    this.line?.dispose();
    this.term.dispose();
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone meanwhile
  }
}

/** Waits until a condition holds (for state outside the screen: files, list-panes). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function eventually<T>(probe: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = WAIT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe();
    if (accept(last)) return last;
    await new Promise((r) => setTimeout(r, POLL_MS * 5));
  }
  throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
}
