// Runs the notifyCommand setting for a notification: the program itself (never a shell), in its own
// process group, its output discarded, killed with its group when it takes too long. It never makes
// the server wait. A failing command is written to the server log once and shown in server-info,
// counted after that: a broken command cannot fill the log.

import { spawn } from 'node:child_process';
import { MAX_NOTIFY_COMMANDS_RUNNING, NOTIFY_COMMAND_TIMEOUT_MS } from '../../limits.js';

export interface NotifyCommandFailure {
  /** The command that failed, as the settings name it. */
  command: string[];
  /** The first failure since the command was last set, e.g. "exited with status 2". */
  message: string;
  at: string;
  /** Failures of this command so far. */
  count: number;
}

export class NotifyCommandRunner {
  private running = 0;
  private lastFailure: NotifyCommandFailure | undefined;
  /** Runs skipped because MAX_NOTIFY_COMMANDS_RUNNING were still running. */
  skipped = 0;

  constructor(
    private readonly log: (text: string) => void,
    private readonly timeoutMs = NOTIFY_COMMAND_TIMEOUT_MS,
  ) {}

  /** The failure of the command in force, if it failed since it was set. */
  failure(current: readonly string[]): NotifyCommandFailure | undefined {
    return this.lastFailure && sameCommand(this.lastFailure.command, current) ? this.lastFailure : undefined;
  }

  get runningNow(): number {
    return this.running;
  }

  /** Starts `argv` with `env`; false when it was not started (too many still run). */
  run(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): boolean {
    if (this.running >= MAX_NOTIFY_COMMANDS_RUNNING) {
      this.skipped += 1;
      return false;
    }
    const [program, ...args] = argv;
    if (program === undefined) return false;
    this.running += 1;
    let settled = false;
    const done = (problem: string | undefined) => {
      if (settled) return;
      settled = true;
      this.running -= 1;
      clearTimeout(timer);
      if (problem !== undefined) this.failed(argv, problem);
    };
    let child;
    try {
      child = spawn(program, args, { cwd, env, detached: true, stdio: 'ignore' });
    } catch (error) {
      done(`could not start: ${(error as Error).message}`);
      return true;
    }
    const timer = setTimeout(() => {
      if (child.pid !== undefined) killGroup(child.pid);
      done(`still running after ${this.timeoutMs / 1000} s: ended`);
    }, this.timeoutMs);
    timer.unref();
    child.unref();
    child.once('error', (error: NodeJS.ErrnoException) => done(`could not start: ${error.code ?? error.message}`));
    child.once('exit', (code, signal) => done(code === 0 ? undefined : signal ? `ended by ${signal}` : `exited with status ${code}`));
    return true;
  }

  private failed(command: readonly string[], message: string): void {
    if (this.lastFailure && sameCommand(this.lastFailure.command, command)) {
      this.lastFailure.count += 1;
      return;
    }
    this.lastFailure = { command: [...command], message, at: new Date().toISOString(), count: 1 };
    this.log(`notifyCommand ${JSON.stringify(command)} failed: ${message} (further failures are counted in server-info, not logged)`);
  }
}

const sameCommand = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((arg, i) => arg === b[i]);

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
