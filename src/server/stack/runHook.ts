// Running one hook of a profile: its command through sh in the workspace's folder, in a process group
// of its own (so a time limit ends everything it started), its output appended to its log file.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { STACK_HOOK_OUTPUT_CHARS, STACK_STOP_GRACE_MS } from '../../limits.js';
import { fileSize, readRange } from '../../os/fileRange.js';
import { LogStream } from './logStream.js';

export interface HookRun {
  command: string;
  cwd: string;
  env: Record<string, string>;
  log: string;
  timeoutMs: number;
  /** Receives the output as it is written (a command line that prints it live). */
  onOutput?: (text: string) => void;
  /** Ends the hook as its time limit would (its reason, a sentence, goes to the log): the command that ran it was interrupted, a down ended its up. */
  cancel?: AbortSignal;
}

export interface HookResult {
  /** The exit status; null when a signal or the time limit ended it. */
  code: number | null;
  timedOut: boolean;
  /** What it wrote this run (the end of it, at most STACK_HOOK_OUTPUT_CHARS). */
  output: string;
  error?: string;
  /** Ended by `cancel`. */
  cancelled?: boolean;
}

export async function runHook(run: HookRun): Promise<HookResult> {
  fs.mkdirSync(path.dirname(run.log), { recursive: true, mode: 0o700 });
  const fd = fs.openSync(run.log, 'a', 0o600);
  fs.writeSync(fd, `--- ${new Date().toISOString()} ${run.command}\n`);
  const from = fileSize(run.log);
  let child;
  try {
    child = spawn('/bin/sh', ['-c', run.command], { cwd: run.cwd, env: run.env, stdio: ['ignore', fd, fd], detached: true });
  } finally {
    fs.closeSync(fd);
  }
  const stream = run.onOutput ? new LogStream(run.log, from, run.onOutput) : undefined;
  const result = await new Promise<Omit<HookResult, 'output'>>((resolve) => {
    let timedOut = false;
    let cancelled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const end = () => {
      group(child.pid, 'SIGTERM');
      killTimer ??= setTimeout(() => group(child.pid, 'SIGKILL'), STACK_STOP_GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      end();
    }, run.timeoutMs);
    const onCancel = () => {
      cancelled = true;
      appendLine(run.log, `--- ended: ${typeof run.cancel?.reason === 'string' ? run.cancel.reason : 'it was stopped'}\n`);
      end();
    };
    run.cancel?.addEventListener('abort', onCancel, { once: true });
    const settle = (result: Omit<HookResult, 'output'>) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      run.cancel?.removeEventListener('abort', onCancel);
      resolve({ ...result, ...(cancelled ? { cancelled } : {}) });
    };
    child.once('error', (error) => settle({ code: null, timedOut, error: error.message }));
    child.once('exit', (code) => {
      // What it left behind in its group must not outlive a hook (a health check's stray curl).
      if (timedOut || cancelled) group(child.pid, 'SIGKILL');
      settle({ code, timedOut });
    });
    if (run.cancel?.aborted) onCancel();
  });
  stream?.end();
  return { ...result, output: readFrom(run.log, from) };
}

function group(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

function appendLine(file: string, line: string): void {
  try {
    fs.appendFileSync(file, line);
  } catch {
    // The log is gone: nobody reads it then
  }
}

/** What the log holds from `from`: its end, at most STACK_HOOK_OUTPUT_CHARS bytes. */
function readFrom(file: string, from: number): string {
  const size = fileSize(file);
  return readRange(file, Math.max(from, size - STACK_HOOK_OUTPUT_CHARS), size).toString('utf8');
}
