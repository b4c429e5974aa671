// Running git: always an argument array (never a shell string), never a prompt, bounded in time and
// output, and never pointed at another repository by the server's environment (see gitEnv.ts).

import { execFile } from 'node:child_process';
import { GIT_MAX_CHILDREN, GIT_MAX_OUTPUT_BYTES, GIT_TIMEOUT_MS } from '../limits.js';
import { ChildSlots } from './childSlots.js';
import { gitEnvironment } from './gitEnv.js';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class GitError extends Error {}

export interface GitOptions {
  /** Extra environment (e.g. GIT_INDEX_FILE). */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Written to git's standard input (e.g. revisions for `rev-list --stdin`: a list too long for arguments). */
  input?: string;
  /** A network command (clone, push) that may run for minutes: it starts at once, without waiting for a turn. */
  network?: boolean;
}

/** The turns local git children take (see childSlots.ts). */
export const gitSlots = new ChildSlots(GIT_MAX_CHILDREN);

/** Runs `git -C dir ARGS…`; resolves with the exit code (never rejects for a non-zero exit). */
export async function git(dir: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const endTurn = options.network ? () => {} : await gitSlots.take();
  try {
    return await runGit(dir, args, options);
  } finally {
    endTurn();
  }
}

function runGit(dir: string, args: string[], options: GitOptions): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      ['-C', dir, ...args],
      {
        env: gitEnvironment(process.env, options.env),
        timeout: options.timeoutMs ?? GIT_TIMEOUT_MS,
        maxBuffer: GIT_MAX_OUTPUT_BYTES,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new GitError('git is not installed (no git in PATH)'));
          if (error.killed) return reject(new GitError(`git ${args[0]} took too long and was stopped`));
          return reject(new GitError(`git ${args[0]} failed: ${error.message}`));
        }
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
    // git may exit before reading all of it (an error): the broken pipe is that error's, not ours to throw.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
  });
}

/** Runs git and returns stdout; a non-zero exit throws GitError with git's own first error line. */
export async function gitOk(dir: string, args: string[], options: GitOptions = {}): Promise<string> {
  const result = await git(dir, args, options);
  if (result.code !== 0) throw new GitError(firstLine(result.stderr) || `git ${args[0]} exited with status ${result.code}`);
  return result.stdout;
}

export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0 && !l.startsWith('hint:')) ?? ''
  );
}
