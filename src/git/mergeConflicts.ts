// Would merging two commits conflict? `git merge-tree --write-tree` merges them in memory against
// their merge base (writing only objects, never a folder, an index or a ref) and names the files
// that conflict.

import { GitError, git } from './run.js';

/** The files that conflict (empty: they merge cleanly). `dir` is any working tree of their repository. */
export async function mergeConflicts(dir: string, a: string, b: string): Promise<string[]> {
  const result = await git(dir, ['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', a, b]);
  if (result.code === 0) return [];
  if (result.code !== 1) throw new GitError(`git merge-tree failed: ${result.stderr.trim() || `exit status ${result.code}`}`);
  // The merged tree's id, then each conflicting file (NUL after each).
  const [, ...files] = result.stdout.split('\0').filter((f) => f.length > 0);
  return [...new Set(files)];
}
