// `land --rebase` without a checkout: each commit of the branch is cherry-picked onto the target in
// the object store. First, in one `git fast-import` process, every commit up to the first one that
// meets what the target changed (replayPlan.ts says why setting its paths is then the cherry-pick's
// result): a branch that shares no file with the target's new commits, the usual case, costs a
// handful of git processes however many commits it has. From the first commit that meets the
// target on, each is merged: git 2.39's merge-tree has no --merge-base, so each pick merges the
// commit with a throwaway commit that holds the tree built so far on the picked commit's parent:
// their merge base is that parent, which is what a cherry-pick uses. Commits that become empty are
// dropped (as git rebase does); authors and dates are kept, the committer is whoever lands.

import { GitError, gitOk } from './run.js';
import { commitTree } from './commitTree.js';
import { isAncestor, mergeTrees, treeOf } from './mergeTree.js';
import { commitChanges, fastImportStream, meetsTarget, targetChanges, type ReplayedCommit } from './replayPlan.js';

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
  const roots = commits.filter((c) => c.parents.length === 0);
  if (roots.length > 0) throw new GitError(`commit ${roots[0]?.sha.slice(0, 12)} has no parent: the branch and the target share no history`);
  const fast = await replayUntilTarget(dir, onto, source, commits);
  let tip = fast.tip;
  let tipTree = await treeOf(dir, tip);
  for (const c of commits.slice(fast.done)) {
    const parent = c.parents[0] as string;
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

/**
 * Replays the branch's first commits, up to the first that meets what the target changed since the
 * merge base, with one fast-import; `done` is how many commits it took care of (empty ones dropped).
 */
async function replayUntilTarget(dir: string, onto: string, source: string, commits: BranchCommit[]): Promise<{ tip: string; done: number }> {
  const base = (await gitOk(dir, ['merge-base', onto, source])).trim();
  const target = targetChanges(await gitOk(dir, ['diff', '--name-status', '-z', '--no-renames', base, onto]));
  const changes = commitChanges(await gitOk(dir, ['diff-tree', '--stdin', '-z', '-r', '--no-renames', '--always'], { input: `${commits.map((c) => c.sha).join('\n')}\n` }));
  const replayed: ReplayedCommit[] = [];
  let done = 0;
  for (const c of commits) {
    const own = changes.get(c.sha);
    if (own === undefined || meetsTarget(own, target)) break;
    if (own.length > 0) replayed.push({ author: c.author, message: c.message, changes: own });
    done++;
  }
  if (replayed.length === 0) return { tip: onto, done };
  const committer = (await gitOk(dir, ['var', 'GIT_COMMITTER_IDENT'])).trim();
  const scratch = `refs/tessera/replay-${process.pid}-${Date.now()}`;
  const printed = await gitOk(dir, ['fast-import', '--quiet', '--done'], { input: fastImportStream(onto, replayed, committer, scratch) });
  const tip = printed.trim().split('\n').pop() ?? '';
  if (!/^[0-9a-f]{40,64}$/.test(tip)) throw new GitError(`git fast-import gave no commit (${printed.trim().slice(0, 200) || 'no output'})`);
  return { tip, done };
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
