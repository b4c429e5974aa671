// `tessera switch`: another branch checked out in a workspace's folder, by `git switch` itself, so
// that whatever git refuses (local changes a checkout would overwrite, an unknown branch, a name
// taken) is refused with git's own words. A branch checked out in another worktree is named with
// its folder before git is asked (git allows one worktree per branch).

import { realpathSync } from 'node:fs';
import { currentBranch } from './repo.js';
import { GitError, git } from './run.js';
import { branchHolder } from './worktrees.js';

/** Lines of git's refusal passed on (its list of files would-be-overwritten can be long). */
const MAX_REFUSAL_LINES = 12;

export interface Switched {
  /** The branch checked out before (undefined: a detached HEAD). */
  previous?: string;
  branch: string;
  created: boolean;
}

export class BranchHeldError extends GitError {
  constructor(
    readonly branch: string,
    readonly holder: string,
  ) {
    super(`branch '${branch}' is checked out in ${holder} (git allows one worktree per branch)`);
  }
}

/** Checks out `branch` in `dir` (`create`: makes it first, off the current HEAD). */
export async function switchBranch(dir: string, branch: string, create: boolean): Promise<Switched> {
  // A name starting with '-' would be read by git as an option.
  if (branch.startsWith('-') || (await git(dir, ['check-ref-format', '--branch', branch])).code !== 0) throw new GitError(`'${branch}' is not a valid branch name`);
  const previous = await currentBranch(dir);
  if (!create) {
    const holder = await branchHolder(dir, branch);
    if (holder !== undefined && !sameFolder(holder, dir)) throw new BranchHeldError(branch, holder);
  }
  const result = await git(dir, create ? ['switch', '-c', branch] : ['switch', branch]);
  if (result.code !== 0) throw new GitError(`git switch refused: ${refusal(result.stderr) || `status ${result.code}`}`);
  return { previous, branch, created: create };
}

/** git's message without its hints, cut to a few lines. */
export function refusal(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim().length > 0 && !l.startsWith('hint:'));
  const kept = lines.slice(0, MAX_REFUSAL_LINES);
  if (lines.length > kept.length) kept.push(`… (${lines.length - kept.length} more lines)`);
  return kept.join('\n');
}

function sameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return a === b;
  }
}
