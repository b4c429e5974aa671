// The branches a new worktree could check out: local ones, and origin's that have no local branch yet
// (git makes a tracking branch for those), each with the worktree folder that holds it, if one does.

import { gitOk } from './run.js';
import { listWorktrees } from './worktrees.js';

export interface BranchEntry {
  name: string;
  /** The folder of the worktree that has it checked out (git allows one worktree per branch). */
  holder?: string;
  /** Only origin has it: checking it out makes a local branch tracking origin's; as a base it is `origin/NAME`. */
  remoteOnly?: boolean;
}

export async function listBranches(repo: string): Promise<BranchEntry[]> {
  const [refs, worktrees] = await Promise.all([gitOk(repo, ['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes/origin']), listWorktrees(repo)]);
  const local: string[] = [];
  const remote: string[] = [];
  for (const ref of refs.split('\n')) {
    if (ref.startsWith('refs/heads/')) local.push(ref.slice('refs/heads/'.length));
    else if (ref.startsWith('refs/remotes/origin/') && ref !== 'refs/remotes/origin/HEAD') remote.push(ref.slice('refs/remotes/origin/'.length));
  }
  const holders = new Map(worktrees.flatMap((w) => (w.branch === undefined ? [] : [[w.branch, w.path] as const])));
  const locals = local.map((name): BranchEntry => {
    const holder = holders.get(name);
    return holder === undefined ? { name } : { name, holder };
  });
  return [...locals, ...remote.filter((r) => !local.includes(r)).map((name): BranchEntry => ({ name, remoteOnly: true }))];
}
