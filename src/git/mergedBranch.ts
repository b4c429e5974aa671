// Whether a workspace's branch is merged into its base, asked of git (the server's change cache keeps the
// answer while its fingerprint of the branch, the base and the index holds; rm --merged always asks):
// the branch moved since it was made (its reflog holds another commit than its tip: a new workspace
// whose branch still sits where it started is not "merged"), and either every commit of it is in the
// base (a merge or a fast-forward), or merging it into the base would change nothing (a squash merge,
// or a rebase: the branch's changes are in the base already). Asked of the local base branch and of
// origin's (a merge done on the server shows once it is fetched).

import { commitOf, currentBranch, headCommit } from './repo.js';
import { isAncestor, mergeTrees, treeOf } from './mergeTree.js';
import { git } from './run.js';

export async function branchMerged(dir: string, base: string | undefined): Promise<boolean> {
  if (!base) return false;
  const [branch, tip] = await Promise.all([currentBranch(dir), headCommit(dir)]);
  if (!branch || !tip) return false;
  const name = base.startsWith('origin/') ? base.slice('origin/'.length) : base;
  if (branch === name) return false;
  const targets = (await Promise.all([`refs/heads/${name}`, `refs/remotes/origin/${name}`].map((ref) => commitOf(dir, ref)))).filter((c): c is string => c !== undefined);
  for (const target of targets) {
    if ((await inBase(dir, tip, target)) && (await movedSinceMade(dir, branch, tip))) return true;
  }
  return false;
}

/** Every commit of `tip` is in `target`, or its changes are. */
async function inBase(dir: string, tip: string, target: string): Promise<boolean> {
  if (await isAncestor(dir, tip, target)) return true;
  const merged = await mergeTrees(dir, target, tip);
  return merged.conflicts.length === 0 && merged.tree === (await treeOf(dir, target));
}

/** The branch's reflog names a commit other than its tip (no reflog: cannot tell, so no). */
async function movedSinceMade(dir: string, branch: string, tip: string): Promise<boolean> {
  const result = await git(dir, ['log', '-g', '--format=%H', `refs/heads/${branch}`, '--']);
  if (result.code !== 0) return false;
  return result.stdout.split('\n').some((id) => id.length > 0 && id !== tip);
}
