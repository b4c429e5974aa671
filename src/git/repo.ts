// Questions about a repository: is it one, where is its top, which branch, which default branch.

import fs from 'node:fs';
import { git, gitOk } from './run.js';

/** The top folder of the repository containing `dir`, or undefined when `dir` is not in one. */
export async function repoTop(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--show-toplevel']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** The top of the repository containing `dir`, when `dir` exists and is in one (a new worktree's project folder). */
export async function sourceRepoFolder(dir: string): Promise<string | undefined> {
  return fs.existsSync(dir) ? repoTop(dir) : undefined;
}

/** The checked-out branch's short name, or undefined when HEAD is detached (or the folder is no repo). */
export async function currentBranch(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** The commit HEAD points at, undefined in a repository with no commit yet. */
export async function headCommit(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** The commit a ref names, undefined when it names none. */
export async function commitOf(dir: string, ref: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

export async function refExists(dir: string, ref: string): Promise<boolean> {
  return (await git(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).code === 0;
}

export async function localBranchExists(dir: string, branch: string): Promise<boolean> {
  return (await git(dir, ['show-ref', '--verify', '--quiet', `refs/heads/${branch}`])).code === 0;
}

/** The repository's default branch: origin/HEAD, else main, else master, else the current branch. */
export async function defaultBranch(dir: string): Promise<string | undefined> {
  const origin = await git(dir, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
  if (origin.code === 0 && origin.stdout.trim().startsWith('origin/')) return origin.stdout.trim().slice('origin/'.length);
  for (const name of ['main', 'master']) if (await localBranchExists(dir, name)) return name;
  return currentBranch(dir);
}

/** The upstream of the checked-out branch (`origin/feat/x`), if it has one. */
export async function upstreamOf(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

export async function hasRemotes(dir: string): Promise<boolean> {
  return (await gitOk(dir, ['remote'])).trim().length > 0;
}

/** Checks a name git would accept as a branch. */
export async function validBranchName(dir: string, branch: string): Promise<boolean> {
  return (await git(dir, ['check-ref-format', '--branch', branch])).code === 0;
}
