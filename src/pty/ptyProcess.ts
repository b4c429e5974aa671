// One program running in a pseudo-terminal: spawn, I/O, resize, pause, and killing its whole process tree.

import { accessSync, constants, statSync, type Stats } from 'node:fs';
import type net from 'node:net';
import { isAbsolute } from 'node:path';
import { spawn, type IPty } from '@lydell/node-pty';
import { MIN_PTY_COLS, MIN_PTY_ROWS } from '../limits.js';
import { InputQueue, type InputProgress } from './inputQueue.js';
import { killPaneProcesses } from './paneProcesses.js';
import { readProcStat } from './procStat.js';
import { descriptorSink, streamHandover, type PtyHandover } from './ptyMaster.js';
import { drainAtExit } from './drainAtExit.js';

export type { PtyHandover } from './ptyMaster.js';

export interface Disposable {
  dispose(): void;
}

export interface PtySpawnOptions {
  /** Absolute path of the program; a bare name must be resolved against PATH by the caller. */
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
}

export interface PtyExit {
  /** Undefined when it cannot be known: a program this process did not start (taken over in an upgrade) is not its child. */
  exitCode: number | undefined;
  /** Number of the signal that ended the process, when one did. */
  signal?: number;
}

export interface PtyProcess extends Disposable {
  readonly pid: number;
  readonly cols: number;
  readonly rows: number;
  readonly paused: boolean;
  /** Settles once the program has exited; never rejects. */
  readonly exited: Promise<PtyExit>;
  /** The program's output as it comes: bytes, in chunks that may end inside a UTF-8 character. */
  onData(listener: (data: Buffer) => void): Disposable;
  onExit(listener: (exit: PtyExit) => void): Disposable;
  /**
   * Queues input for the program; it is written as the PTY accepts it, never blocking the caller.
   * False when it cannot be queued (the program exited, or too much input is already waiting).
   */
  write(data: string): boolean;
  /** How far the input queued since the queue was last empty has got; undefined when nothing waits. */
  readonly inputProgress: InputProgress | undefined;
  /** Called when inputProgress changes. */
  onInputProgress(listener: () => void): Disposable;
  /** Clamped to MIN_PTY_COLS × MIN_PTY_ROWS; non-finite sizes and no-op resizes are ignored. */
  resize(cols: number, rows: number): void;
  /** Stops reading the PTY, so a program that keeps writing blocks until resume(). */
  pause(): void;
  resume(): void;
  /**
   * SIGHUP + SIGTERM to the process group and the rest of the session, SIGKILL to whatever is left
   * after KILL_GRACE_MS. Resolves once the program has exited and nothing of it is left alive.
   */
  terminate(): Promise<PtyExit>;
  /** For a PTY a new server can take over (a real one): its descriptor, held still meanwhile. */
  readonly handover?: PtyHandover;
}

/** Starts `file` in a new PTY. Throws an Error saying what to fix when the program or cwd is unusable. */
export function spawnPty(options: PtySpawnOptions): PtyProcess {
  assertSpawnable(options);
  const cols = clampCols(options.cols);
  const rows = clampRows(options.rows);
  const pty = spawn(options.file, options.args, {
    name: options.env.TERM ?? 'xterm-256color',
    cwd: options.cwd,
    env: options.env,
    cols,
    rows,
  });
  readBytes(pty);
  const stream = ptyStream(pty);
  if (stream) drainAtExit(stream);
  return new NodePtyProcess(pty, cols, rows);
}

/**
 * Makes node-pty hand over the PTY's output as bytes rather than decoded text: the emulator reads
 * bytes (decoding every chunk into a string was the largest single item, ~10 % of the samples, in
 * a profile of four TUIs redrawing). (Spawning with `encoding: null` would do it too, but node-pty then leaves IUTF8 off the
 * PTY, and a program reading lines would erase a multi-byte character one byte at a time.) The
 * stream's decoder is removed before anything was read; should a future Node keep strings coming
 * anyway, `onData` still turns them into bytes.
 */
function readBytes(pty: IPty): void {
  const socket = (pty as unknown as { _socket?: { _readableState?: { decoder: unknown; encoding: unknown } } })._socket;
  const state = socket?._readableState;
  if (!state || !('decoder' in state) || !('encoding' in state)) return;
  state.decoder = null;
  state.encoding = null;
}

/** The output encoding of a PTY's stream: null when it hands over bytes (see readBytes). */
export function outputEncoding(pty: PtyProcess): string | null | undefined {
  const inner = (pty as unknown as { pty?: { _socket?: { readableEncoding?: string | null } } }).pty;
  return inner?._socket?.readableEncoding;
}

/** The PTY's master descriptor, which node-pty opened non-blocking. */
function ptyFd(pty: IPty): number {
  const fd = (pty as unknown as { fd?: unknown }).fd;
  if (typeof fd !== 'number') throw new Error('node-pty did not expose the PTY file descriptor');
  return fd;
}

/** The stream node-pty reads the PTY with. */
function ptyStream(pty: IPty): net.Socket | undefined {
  return (pty as unknown as { _socket?: net.Socket })._socket;
}

function assertSpawnable({ file, cwd }: PtySpawnOptions): void {
  if (!isAbsolute(file)) {
    throw new Error(`cannot start "${file}": the program path must be absolute (resolve it against PATH first)`);
  }
  const program = statOrUndefined(file);
  if (!program) throw new Error(`cannot start ${file}: no such file`);
  if (!program.isFile()) throw new Error(`cannot start ${file}: it is not a regular file`);
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(`cannot start ${file}: it is not executable (check its permissions)`);
  }
  const dir = statOrUndefined(cwd);
  if (!isAbsolute(cwd) || !dir) throw new Error(`cannot start ${file}: working directory ${cwd} does not exist`);
  if (!dir.isDirectory()) throw new Error(`cannot start ${file}: working directory ${cwd} is not a directory`);
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const clampCols = (cols: number): number => (Number.isFinite(cols) ? Math.max(MIN_PTY_COLS, Math.floor(cols)) : MIN_PTY_COLS);
const clampRows = (rows: number): number => (Number.isFinite(rows) ? Math.max(MIN_PTY_ROWS, Math.floor(rows)) : MIN_PTY_ROWS);

class NodePtyProcess implements PtyProcess {
  readonly exited: Promise<PtyExit>;
  private exit: PtyExit | undefined;
  private isPaused = false;
  private termination: Promise<PtyExit> | undefined;
  private readonly subscriptions: Disposable[] = [];
  /** Start time of the child, to recognise its pid being reused after it exited. */
  private readonly startTime: number | undefined;
  private readonly input: InputQueue;
  readonly handover: PtyHandover;

  constructor(
    private readonly pty: IPty,
    private currentCols: number,
    private currentRows: number,
  ) {
    this.startTime = readProcStat(pty.pid)?.startTime;
    const fd = ptyFd(pty);
    this.input = new InputQueue(descriptorSink(fd));
    this.handover = streamHandover(fd, () => ptyStream(pty), this.input);
    // Output means the program is running, so it may have made room for more input.
    this.subscriptions.push(pty.onData(() => this.input.kick()));
    // Not in `subscriptions`: the exit must still be seen after dispose() asked for termination.
    this.exited = new Promise((resolve) => {
      pty.onExit(({ exitCode, signal }) => {
        this.exit = signal ? { exitCode, signal } : { exitCode };
        this.input.dispose(); // input for a program that is gone has nowhere to go
        resolve(this.exit);
      });
    });
  }

  get pid(): number {
    return this.pty.pid;
  }
  get cols(): number {
    return this.currentCols;
  }
  get rows(): number {
    return this.currentRows;
  }
  get paused(): boolean {
    return this.isPaused;
  }

  onData(listener: (data: Buffer) => void): Disposable {
    const bytes = (data: Buffer | string) => listener(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    return this.keep(this.pty.onData(bytes as unknown as (data: string) => void));
  }

  onExit(listener: (exit: PtyExit) => void): Disposable {
    // Through `exited`, so a listener added after the exit still hears about it.
    let active = true;
    void this.exited.then((exit) => {
      if (active) listener(exit);
    });
    return this.keep({ dispose: () => (active = false) });
  }

  write(data: string): boolean {
    if (this.exit) return false; // the PTY is closed: input has nowhere to go
    return this.input.enqueue(data);
  }

  get inputProgress(): InputProgress | undefined {
    return this.input.progress;
  }

  onInputProgress(listener: () => void): Disposable {
    return this.keep(this.input.onChange(listener));
  }

  resize(cols: number, rows: number): void {
    if (!Number.isFinite(cols) || !Number.isFinite(rows) || this.exit) return;
    const nextCols = clampCols(cols);
    const nextRows = clampRows(rows);
    if (nextCols === this.currentCols && nextRows === this.currentRows) return;
    this.pty.resize(nextCols, nextRows);
    this.currentCols = nextCols;
    this.currentRows = nextRows;
  }

  pause(): void {
    if (this.isPaused) return;
    this.isPaused = true;
    this.pty.pause();
  }

  resume(): void {
    if (!this.isPaused) return;
    this.isPaused = false;
    this.pty.resume();
  }

  terminate(): Promise<PtyExit> {
    this.termination ??= this.killTree();
    return this.termination;
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.input.dispose();
    void this.terminate();
  }

  private keep(subscription: Disposable): Disposable {
    this.subscriptions.push(subscription);
    return subscription;
  }

  private async killTree(): Promise<PtyExit> {
    await killPaneProcesses(this.pty.pid, { startTime: this.startTime, settled: () => this.exit !== undefined });
    return this.exited;
  }
}

