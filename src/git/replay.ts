// `land --rebase` without a checkout: each commit of the branch is cherry-picked onto the target in
// the object store. git 2.39's merge-tree has no --merge-base, so each pick merges the commit with a
// throwaway commit that holds the tree built so far on the picked commit's parent: their merge base
// is that parent, which is what a cherry-pick uses. Commits that become empty are dropped (as git
// rebase does); authors and dates are kept, the committer is whoever lands.

import { GitError, gitOk } from './run.js';
import { commitTree } from './commitTree.js';
import { isAncestor, mergeTrees, treeOf } from './mergeTree.js';

interface BranchCommit {
  sha: string;
  parents: string[];
  author: { name: string; email: string; date: string };
  message: string;
}

/** The branch's commits on top of `onto`: a fast-forward when `onto` is already in the branch. */
export async function replayCommits(dir: string, onto: string, source: string): Promise<{ commit: string } | { conflicts: string[]; at: string }> {
  if (await isAncestor(dir, onto, source)) return { commit: source };
  const commits = await branchCommits(dir, onto, source);
  const merges = commits.filter((c) => c.parents.length > 1);
  if (merges.length > 0) throw new GitError(`the branch has ${merges.length} merge commit(s) (${merges[0]?.sha.slice(0, 12)}); --rebase replays plain commits only: land it with --merge or --squash`);
  let tip = onto;
  let tipTree = await treeOf(dir, onto);
  for (const c of commits) {
    const parent = c.parents[0];
    if (parent === undefined) throw new GitError(`commit ${c.sha.slice(0, 12)} has no parent: the branch and the target share no history`);
    const base = await commitTree(dir, tipTree, ['-p', parent], 'tessera: replay base (never referenced)');
    const merged = await mergeTrees(dir, base, c.sha);
    if (merged.conflicts.length > 0) return { conflicts: merged.conflicts, at: `${c.sha.slice(0, 12)} ${firstLineOf(c.message)}` };
    if (merged.tree === tipTree) continue; // already in the target: nothing of it left to pick
    const author = { GIT_AUTHOR_NAME: c.author.name, GIT_AUTHOR_EMAIL: c.author.email, GIT_AUTHOR_DATE: c.author.date };
    tip = await commitTree(dir, merged.tree, ['-p', tip], c.message, author);
    tipTree = merged.tree;
  }
  return { commit: tip };
}

/** The commits of `onto..source`, parents first, with what a replay keeps of each. */
async function branchCommits(dir: string, onto: string, source: string): Promise<BranchCommit[]> {
  const text = await gitOk(dir, ['log', '-z', '--reverse', '--topo-order', '--date=raw', '--format=%H %P%x00%an%x00%ae%x00%ad%x00%B', `${onto}..${source}`]);
  const fields = text.split('\0');
  const commits: BranchCommit[] = [];
  for (let i = 0; i + 4 < fields.length; i += 5) {
    const [ids = '', name = '', email = '', date = '', message = ''] = fields.slice(i, i + 5);
    const [sha = '', ...parents] = ids.trim().split(' ').filter((p) => p.length > 0);
    commits.push({ sha, parents, author: { name, email, date }, message });
  }
  return commits;
}

const firstLineOf = (text: string): string => text.split('\n')[0] ?? '';
