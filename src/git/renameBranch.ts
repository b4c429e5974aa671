// Renames the branch checked out in a folder (git branch -m), refusing what git refuses.

import { currentBranch, validBranchName } from './repo.js';
import { GitError, git } from './run.js';

/** The checked-out branch of `dir` becomes `newName`; returns the old name. */
export async function renameCheckedOutBranch(dir: string, newName: string): Promise<string> {
  const old = await currentBranch(dir);
  if (old === undefined) throw new GitError(`no branch is checked out in ${dir} (a detached HEAD, or git cannot read it): nothing to rename`);
  // A name starting with '-' would be read by git as an option.
  if (newName.startsWith('-') || !(await validBranchName(dir, newName))) throw new GitError(`'${newName}' is not a valid branch name`);
  const result = await git(dir, ['branch', '-m', '--', old, newName]);
  if (result.code !== 0) throw new GitError(`git could not rename ${old} to ${newName}: ${result.stderr.trim().split('\n')[0] ?? `status ${result.code}`}`);
  return old;
}
