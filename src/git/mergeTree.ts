// A merge computed by git without touching any checkout or index: `git merge-tree --write-tree`
// (git 2.38 and later) writes the merged tree into the object store and names the files that
// conflict. Nothing it writes is reachable from a ref, so a refused or interrupted merge leaves only
// loose objects that git's garbage collection removes.

import { GitError, firstLine, git } from './run.js';

export interface TreeMerge {
  /** The merged tree (with conflict markers in conflicting files when `conflicts` is not empty). */
  tree: string;
  /** Paths with a conflict, each once, in git's order; empty when the merge is clean. */
  conflicts: string[];
}

/** Merges commit `theirs` into commit `ours` (git finds their merge base). */
export async function mergeTrees(dir: string, ours: string, theirs: string): Promise<TreeMerge> {
  const result = await git(dir, ['merge-tree', '--write-tree', '--name-only', '-z', '--no-messages', ours, theirs]);
  // 0: clean, 1: conflicts; anything else is git failing (or too old to know --write-tree).
  if (result.code !== 0 && result.code !== 1) {
    const why = firstLine(result.stderr) || `status ${result.code}`;
    throw new GitError(/usage|unknown option/i.test(result.stderr) ? `git merge-tree --write-tree is needed (git 2.38 or later): ${why}` : `git merge-tree failed: ${why}`);
  }
  const [tree = '', ...rest] = result.stdout.split('\0');
  if (!/^[0-9a-f]{40,64}$/.test(tree)) throw new GitError(`git merge-tree gave no tree (${firstLine(result.stderr) || 'no output'})`);
  const conflicts = result.code === 0 ? [] : [...new Set(rest.filter((f) => f.length > 0))];
  return { tree, conflicts };
}

/** The tree of a commit. */
export async function treeOf(dir: string, commit: string): Promise<string> {
  const result = await git(dir, ['rev-parse', '--verify', '--quiet', `${commit}^{tree}`]);
  if (result.code !== 0) throw new GitError(`${commit} has no tree`);
  return result.stdout.trim();
}

/** Whether commit `a` is an ancestor of (or the same as) commit `b`. */
export async function isAncestor(dir: string, a: string, b: string): Promise<boolean> {
  const result = await git(dir, ['merge-base', '--is-ancestor', a, b]);
  if (result.code === 0) return true;
  if (result.code === 1) return false;
  throw new GitError(`git merge-base failed: ${firstLine(result.stderr)}`);
}
