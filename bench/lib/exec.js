// Running a command line program with an argument array and a deadline.

import { execFile } from 'node:child_process';
import { CLI_TIMEOUT_MS } from '../settings.js';
import { TimeoutError } from './deadline.js';

/**
 * Runs `file` with `args` (never through a shell) and resolves with its stdout. Rejects with a
 * message naming the command and quoting its stderr when it fails, or a TimeoutError when it hangs.
 * @param {string} file
 * @param {readonly string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, timeoutMs?: number }} [options]
 * @returns {Promise<string>}
 */
export function runCommand(file, args, { env, cwd, timeoutMs = CLI_TIMEOUT_MS } = {}) {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { env, cwd, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 << 20, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve(stdout);
          return;
        }
        const shown = [file, ...args].map((part) => (/\s/.test(part) ? JSON.stringify(part) : part)).join(' ');
        if (error.killed) {
          reject(new TimeoutError(`\`${shown}\` did not finish within ${timeoutMs} ms`));
          return;
        }
        const why = stderr.trim() || stdout.trim() || error.message;
        reject(new Error(`\`${shown}\` failed (${error.code ?? error.signal}): ${why}`));
      },
    );
  });
}
