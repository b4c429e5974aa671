// A pane's program played by a script instead of a process: what the server writes to it is handed to
// the script, what the script prints reaches the pane's emulator as a PTY's output would (bytes, a
// turn later). No process, no descriptor: pid 0, which every process lookup of the server skips.

import type { InputProgress } from '../../src/pty/inputQueue.js';
import type { Disposable, PtyExit, PtyProcess, PtySpawnOptions } from '../../src/pty/ptyProcess.js';

/** What a script can do with its pane: print, and end. */
export interface ProgramIo {
  print(text: string): void;
  exit(code?: number): void;
  /** The size the pane has now. */
  readonly cols: number;
  readonly rows: number;
}

/** A program's behaviour: started once, told about every input and resize. */
export interface ScriptedProgram {
  start?(io: ProgramIo): void;
  input?(data: string, io: ProgramIo): void;
  resize?(cols: number, rows: number, io: ProgramIo): void;
}

export class ScriptedPty implements PtyProcess {
  readonly pid = 0;
  paused = false;
  readonly exited: Promise<PtyExit>;
  /** Everything written to the program, in order. */
  readonly received: string[] = [];
  private settle!: (exit: PtyExit) => void;
  private ended: PtyExit | undefined;
  private readonly dataListeners = new Set<(data: Buffer) => void>();
  private readonly exitListeners = new Set<(exit: PtyExit) => void>();
  private readonly io: ProgramIo;
  cols: number;
  rows: number;

  constructor(
    readonly options: PtySpawnOptions,
    private readonly program: ScriptedProgram,
  ) {
    this.cols = options.cols;
    this.rows = options.rows;
    this.exited = new Promise((resolve) => (this.settle = resolve));
    const size = () => ({ cols: this.cols, rows: this.rows });
    this.io = {
      print: (text) => this.print(text),
      exit: (code = 0) => this.finish({ exitCode: code }),
      get cols() {
        return size().cols;
      },
      get rows() {
        return size().rows;
      },
    };
    // A turn later, as a real program's first output would come: the pane subscribes first.
    setImmediate(() => {
      if (!this.ended) this.program.start?.(this.io);
    });
  }

  /** The program has ended (exited, or was ended by the server). */
  get exitedNow(): boolean {
    return this.ended !== undefined;
  }

  /** How many listen to the program's output and exit (none once its pane closed). */
  get listenerCount(): number {
    return this.dataListeners.size + this.exitListeners.size;
  }

  /** All the input the program has received, as one string. */
  get input(): string {
    return this.received.join('');
  }

  get inputProgress(): InputProgress | undefined {
    return undefined;
  }

  onInputProgress(): Disposable {
    return { dispose: () => undefined };
  }

  onData(listener: (data: Buffer) => void): Disposable {
    this.dataListeners.add(listener);
    return { dispose: () => this.dataListeners.delete(listener) };
  }

  onExit(listener: (exit: PtyExit) => void): Disposable {
    if (this.ended) {
      const exit = this.ended;
      setImmediate(() => listener(exit));
      return { dispose: () => undefined };
    }
    this.exitListeners.add(listener);
    return { dispose: () => this.exitListeners.delete(listener) };
  }

  write(data: string): boolean {
    if (this.ended) return false;
    this.received.push(data);
    this.program.input?.(data, this.io);
    return true;
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.program.resize?.(cols, rows, this.io);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  terminate(): Promise<PtyExit> {
    this.finish({ exitCode: 0, signal: 1 });
    return this.exited;
  }

  dispose(): void {
    void this.terminate();
  }

  /** The program's output, delivered a turn later like a PTY read. */
  print(text: string): void {
    if (this.ended) return;
    const bytes = Buffer.from(text, 'utf8');
    setImmediate(() => {
      for (const listener of [...this.dataListeners]) listener(bytes);
    });
  }

  private finish(exit: PtyExit): void {
    if (this.ended) return;
    this.ended = exit;
    // After the output already printed.
    setImmediate(() => {
      this.settle(exit);
      for (const listener of [...this.exitListeners]) listener(exit);
      this.exitListeners.clear();
    });
  }
}
