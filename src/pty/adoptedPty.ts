// A program in a PTY that another tessera server started and handed to this one (tessera upgrade):
// the same process, reached through the PTY's master descriptor, which this process inherited. It
// is not this process's child, so its exit is noticed by looking (its pid gone, or the PTY closed)
// and its exit status cannot be known. Until start(), nothing is read, written or resized: the old
// server still owns the PTY until it says the new one takes over.

import tty from 'node:tty';
import { ADOPTED_CLOSE_WAIT_MS, ADOPTED_EXIT_POLL_MS, MIN_PTY_COLS, MIN_PTY_ROWS } from '../limits.js';
import { resizeDescriptor } from './descriptorResize.js';
import { isErrnoCode } from './errno.js';
import { InputQueue, type InputProgress } from './inputQueue.js';
import { killPaneProcesses } from './paneProcesses.js';
import { isAlive, readProcStat, type ProcStat } from './procStat.js';
import { descriptorSink, streamHandover, type PtyHandover } from './ptyMaster.js';
import type { Disposable, PtyExit, PtyProcess } from './ptyProcess.js';

export interface AdoptedPtyOptions {
  /** The PTY's master descriptor in this process. */
  fd: number;
  /** The program's pid (the PTY's session leader) and its start time (/proc), which tell it from a later process with its pid. */
  pid: number;
  startTime: number | undefined;
  cols: number;
  rows: number;
}

export class AdoptedPty implements PtyProcess {
  readonly pid: number;
  readonly exited: Promise<PtyExit>;
  readonly handover: PtyHandover;
  private readonly fd: number;
  private readonly startTime: number | undefined;
  private stream: tty.ReadStream | undefined;
  private settle!: (exit: PtyExit) => void;
  private exit: PtyExit | undefined;
  private ending = false;
  private poll: ReturnType<typeof setInterval> | undefined;
  private isPaused = false;
  private currentCols: number;
  private currentRows: number;
  private readonly input: InputQueue;
  private readonly dataListeners = new Set<(data: Buffer) => void>();
  private termination: Promise<PtyExit> | undefined;

  constructor(options: AdoptedPtyOptions) {
    this.fd = options.fd;
    this.pid = options.pid;
    this.startTime = options.startTime;
    this.currentCols = options.cols;
    this.currentRows = options.rows;
    this.exited = new Promise((resolve) => (this.settle = resolve));
    this.input = new InputQueue(descriptorSink(this.fd));
    this.input.hold(); // written from start() on
    this.handover = streamHandover(this.fd, () => this.stream, this.input);
  }

  /** Takes the PTY over: reads its output, writes queued input, applies the size asked for meanwhile. */
  start(): void {
    if (this.stream || this.exit) return;
    const stream = new tty.ReadStream(this.fd);
    this.stream = stream;
    stream.on('data', (data: Buffer) => {
      for (const listener of [...this.dataListeners]) listener(data);
      this.input.kick(); // output means the program runs: it may have read its input
    });
    // EIO: nothing holds the PTY's other side any more (the program and its children are gone).
    stream.on('error', (error) => {
      if (!isErrnoCode(error, 'EAGAIN')) this.check();
    });
    stream.on('close', () => this.check());
    if (this.isPaused) stream.pause();
    this.poll = setInterval(() => this.check(), ADOPTED_EXIT_POLL_MS);
    this.poll.unref();
    this.input.release();
    resizeDescriptor(this.fd, this.currentCols, this.currentRows);
    this.check();
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

  get inputProgress(): InputProgress | undefined {
    return this.input.progress;
  }

  onInputProgress(listener: () => void): Disposable {
    return this.input.onChange(listener);
  }

  onData(listener: (data: Buffer) => void): Disposable {
    this.dataListeners.add(listener);
    return { dispose: () => this.dataListeners.delete(listener) };
  }

  onExit(listener: (exit: PtyExit) => void): Disposable {
    let active = true;
    void this.exited.then((exit) => {
      if (active) listener(exit);
    });
    return { dispose: () => (active = false) };
  }

  write(data: string): boolean {
    if (this.exit) return false;
    return this.input.enqueue(data);
  }

  /** Queues bytes as they are (the input the old server had not written yet). */
  queueInput(bytes: Buffer): void {
    this.input.enqueue(bytes);
  }

  resize(cols: number, rows: number): void {
    if (!Number.isFinite(cols) || !Number.isFinite(rows) || this.exit) return;
    const nextCols = Math.max(MIN_PTY_COLS, Math.floor(cols));
    const nextRows = Math.max(MIN_PTY_ROWS, Math.floor(rows));
    if (nextCols === this.currentCols && nextRows === this.currentRows) return;
    this.currentCols = nextCols;
    this.currentRows = nextRows;
    if (this.stream) resizeDescriptor(this.fd, nextCols, nextRows);
  }

  pause(): void {
    this.isPaused = true;
    this.stream?.pause();
  }

  resume(): void {
    this.isPaused = false;
    this.stream?.resume();
  }

  terminate(): Promise<PtyExit> {
    this.termination ??= (async () => {
      if (this.running()) {
        await killPaneProcesses(this.pid, { startTime: this.startTime, settled: () => !this.running() });
      }
      this.check();
      return this.exited;
    })();
    return this.termination;
  }

  dispose(): void {
    this.dataListeners.clear();
    this.input.dispose();
    void this.terminate();
  }

  /** The program still runs: its pid is alive and is still the process that was handed over. */
  private running(): boolean {
    const stat = readProcStat(this.pid);
    return isAlive(stat) && this.ours(stat);
  }

  private ours(stat: ProcStat): boolean {
    return this.startTime === undefined || stat.startTime === this.startTime;
  }

  /** Once the program is gone: its last output is read (a moment at most), then the exit is told. */
  private check(): void {
    if (this.exit || this.ending) return;
    const stat = readProcStat(this.pid);
    if (isAlive(stat) && this.ours(stat)) return;
    // Its parent now is whoever adopts orphans: while it has not reaped the zombie, /proc still has its status.
    const status = stat && stat.state === 'Z' && this.ours(stat) ? stat.exitStatus : undefined;
    this.ending = true;
    clearInterval(this.poll);
    const stream = this.stream;
    const finish = () => {
      if (this.exit) return;
      this.exit = exitOf(status);
      this.input.dispose();
      stream?.destroy();
      this.settle(this.exit);
    };
    if (!stream || stream.destroyed) return finish();
    const timer = setTimeout(finish, ADOPTED_CLOSE_WAIT_MS);
    stream.once('close', () => {
      clearTimeout(timer);
      finish();
    });
  }
}

/** A waitpid() status as an exit: the code, or the signal that ended it; unknown without one. */
function exitOf(status: number | undefined): PtyExit {
  if (status === undefined) return { exitCode: undefined };
  const signal = status & 0x7f;
  return signal === 0 ? { exitCode: (status >> 8) & 0xff } : { exitCode: 0, signal };
}
