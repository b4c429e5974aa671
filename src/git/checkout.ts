// Making a managed checkout: a worktree of a local repository, or a full clone of a URL. Either
// leaves nothing behind when it fails: not the folder, and not a branch it made (only that one).

import fs from 'node:fs';
import path from 'node:path';
import { GIT_CLONE_TIMEOUT_MS } from '../limits.js';
import { commitOf, defaultBranch, localBranchExists, refExists, validBranchName } from './repo.js';
import { GitError, firstLine, git } from './run.js';
import { branchHolder } from './worktrees.js';

import { withoutCredentials } from './cloneUrl.js';

export { checkCloneUrl, repoNameFromUrl, withoutCredentials } from './cloneUrl.js';

export interface WorktreePlan {
  /** The source repository's top folder. */
  repo: string;
  target: string;
  /** Check out this existing branch… */
  existingBranch?: string;
  /** …or make this new branch off `base`… */
  newBranch?: string;
  base?: string;
  /** …whose commit is this: the branch is ours to delete (after a failure) only while it still points here. */
  baseCommit?: string;
}

/** Works out branch and base, refusing a busy or missing branch and a missing base with a message. */
export async function planWorktree(repo: string, target: string, options: { branch?: string; base?: string; newBranch: string }): Promise<WorktreePlan & { branch: string; base?: string }> {
  if (options.branch !== undefined) {
    const branch = options.branch;
    if (!(await validBranchName(repo, branch))) throw new GitError(`'${branch}' is not a valid branch name`);
    const exists = (await localBranchExists(repo, branch)) || (await refExists(repo, `origin/${branch}`));
    if (!exists) throw new GitError(`branch '${branch}' does not exist in ${repo}; leave out --branch to make a new one`);
    const holder = await branchHolder(repo, branch);
    if (holder) throw new GitError(`branch '${branch}' is checked out in ${holder} (git allows one worktree per branch)`);
    return { repo, target, existingBranch: branch, branch, base: options.base ?? (await defaultBranch(repo)) };
  }
  const base = options.base ?? (await defaultBranch(repo));
  if (!base) throw new GitError(`cannot tell the base branch of ${repo}; give one with --base`);
  if (!(await refExists(repo, base))) throw new GitError(`base '${base}' does not exist in ${repo}`);
  if (!(await validBranchName(repo, options.newBranch))) throw new GitError(`'${options.newBranch}' is not a valid branch name`);
  if (await localBranchExists(repo, options.newBranch)) {
    const holder = await branchHolder(repo, options.newBranch);
    throw new GitError(`branch '${options.newBranch}' exists already${holder ? ` (checked out in ${holder})` : ''}; use --branch ${options.newBranch} to check it out`);
  }
  return { repo, target, newBranch: options.newBranch, branch: options.newBranch, base, baseCommit: await commitOf(repo, base) };
}

export async function addWorktree(plan: WorktreePlan): Promise<void> {
  const args = plan.existingBranch
    ? ['worktree', 'add', '--', plan.target, plan.existingBranch]
    : ['worktree', 'add', '-b', plan.newBranch as string, '--', plan.target, plan.base as string];
  const result = await git(plan.repo, args);
  if (result.code !== 0) {
    await removeWorktreeQuietly(plan.repo, plan.target);
    // git makes the new branch before the checkout and keeps it when the checkout fails; a branch
    // that existed already (made by someone else since it was planned) is not ours to delete.
    if (!/already exists/.test(result.stderr)) await deleteMadeBranch(plan);
    throw new GitError(`git worktree add failed: ${firstLine(result.stderr)}`);
  }
}

/** Deletes the branch a worktree plan made, only while it is as it was made (nothing committed to it since). */
export async function deleteMadeBranch(plan: Pick<WorktreePlan, 'repo' | 'newBranch' | 'baseCommit'>): Promise<boolean> {
  if (plan.newBranch === undefined || plan.baseCommit === undefined) return false;
  const result = await git(plan.repo, ['update-ref', '-d', `refs/heads/${plan.newBranch}`, plan.baseCommit]).catch(() => undefined);
  return result?.code === 0;
}

/** Removes a worktree folder and git's record of it (used after a failed or interrupted create). */
export async function removeWorktreeQuietly(repo: string, target: string): Promise<void> {
  await git(repo, ['worktree', 'remove', '--force', '--force', '--', target]).catch(() => undefined);
  fs.rmSync(target, { recursive: true, force: true });
  await git(repo, ['worktree', 'prune']).catch(() => undefined);
}

/** How a clone came to have the branch asked for: the remote's, a tag's commit, or a new branch off the default branch. */
export type ClonedBranch = 'remote' | 'tag' | 'made';

/**
 * Clones `url` into `target` with `branch` checked out: the remote's branch of that name, else its
 * tag (a detached HEAD, as `git clone --branch` gives), else a new branch of that name off the
 * remote's default branch (a task's branch that nobody pushed yet). Nothing is left when it fails.
 */
export async function cloneRepo(url: string, target: string, branch?: string): Promise<ClonedBranch | undefined> {
  const parent = path.dirname(target);
  // The default branch is checked out first, then the branch asked for: whether the remote has it is
  // known only once its refs are here. (Not `--no-checkout`: git switch -c leaves such a clone's files
  // unwritten, as if deleted.)
  const args = ['clone', '--', url, target];
  const result = await git(parent, args, { timeoutMs: GIT_CLONE_TIMEOUT_MS, network: true }).catch((error: Error) => ({ code: 1, stdout: '', stderr: error.message }));
  if (result.code !== 0) {
    fs.rmSync(target, { recursive: true, force: true });
    throw new GitError(`git clone failed: ${withoutCredentials(firstLine(result.stderr)) || `status ${result.code}`}`);
  }
  if (branch === undefined) return undefined;
  try {
    return await checkOutCloned(target, branch);
  } catch (error) {
    fs.rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

async function checkOutCloned(target: string, branch: string): Promise<ClonedBranch> {
  // A name starting with '-' would be read by git as an option.
  if (branch.startsWith('-') || !(await validBranchName(target, branch))) throw new GitError(`'${branch}' is not a valid branch name`);
  const how: ClonedBranch = (await refExists(target, `refs/remotes/origin/${branch}`)) ? 'remote' : (await refExists(target, `refs/tags/${branch}`)) ? 'tag' : 'made';
  const args = { remote: ['switch', branch], tag: ['switch', '--detach', `refs/tags/${branch}`], made: ['switch', '--no-track', '-c', branch] }[how];
  const result = await git(target, args);
  if (result.code !== 0) throw new GitError(`git switch ${branch} in the new clone failed: ${firstLine(result.stderr) || `status ${result.code}`}`);
  return how;
}
