// One script of tessera's own run on a host through ssh, to its end: checking what the host has,
// installing tessera there. What it reads can be streamed from a file (with the pipe's back-pressure:
// nothing is held in memory, nothing blocks), what it prints is kept within bounds, and it has a
// deadline: ssh never asks anything (BatchMode), so it cannot wait on the user either.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { MAX_HOST_SCRIPT_OUTPUT_BYTES } from '../limits.js';
import { HostLinkError } from './hostLinkError.js';
import { sshScriptInvocation, type HostTarget } from './sshCommand.js';
import { StderrTail } from './stderrTail.js';

export interface ScriptEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Its output's whole lines (at most MAX_HOST_SCRIPT_OUTPUT_BYTES of them). */
  lines: string[];
  /** The end of what ssh and the script wrote on stderr. */
  stderr: string;
  /** It was ended at its deadline. */
  timedOut: boolean;
}

export interface ScriptOptions {
  /** A file streamed to the script's stdin (then closed); none: its stdin is closed at once. */
  input?: string;
  timeoutMs: number;
  /** Each output line as it comes (a step done). */
  onLine?: (line: string) => void;
}

/** Runs `script` with `sh` on the host, its arguments as "$1" …; throws HostLinkError only when ssh cannot be run. */
export function runHostScript(target: HostTarget, script: string, scriptArgs: readonly string[], options: ScriptOptions): Promise<ScriptEnd> {
  const { file, args } = sshScriptInvocation(target, script, scriptArgs);
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env: target.env });
  const stderr = new StderrTail();
  const lines: string[] = [];
  let pending = '';
  let kept = 0;
  let timedOut = false;
  child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    if (kept > MAX_HOST_SCRIPT_OUTPUT_BYTES) return; // read on, so the host is never stuck writing
    kept += chunk.length;
    pending += chunk;
    const whole = pending.split('\n');
    pending = whole.pop() ?? '';
    for (const line of whole) {
      lines.push(line.replace(/\r$/, ''));
      options.onLine?.(line.replace(/\r$/, ''));
    }
  });
  // A script that ends before reading all of its input (a failed step) closes the pipe: its end says why.
  child.stdin.on('error', () => {});
  if (options.input === undefined) child.stdin.end();
  else {
    const input = fs.createReadStream(options.input);
    input.on('error', (error) => {
      stderr.add(Buffer.from(`\ntessera: cannot read ${options.input}: ${error.message}\n`));
      child.kill('SIGTERM');
    });
    input.pipe(child.stdin);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new HostLinkError(target.name, 'unreachable', `cannot run ${file}: ${error.message}`, "install OpenSSH's client, or set sshCommand to it"));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, lines, stderr: stderr.text(), timedOut });
    });
  });
}
