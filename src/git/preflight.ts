// What a destructive action (remove, reset) would lose, asked of git right before it runs. Every git
// command here must succeed: a failure throws GitError (the caller reports the folder as unreadable),
// never a zero that would read as "nothing to lose".

import { currentBranch, hasRemotes, headCommit, refExists } from './repo.js';
import { reflogOnlyCommits } from './reflogOnly.js';
import { gitOk } from './run.js';
import { unpushedWork } from './unpushedWork.js';
import { workingFiles, type WorkingFiles } from './workingFiles.js';

export interface GitPreflight extends WorkingFiles {
  /** `abc1234 feat/x: subject`, or `(no commit)`. */
  head: string;
  /** The branch checked out now; null when HEAD is detached. */
  checkedOut: string | null;
  /** Commits that no remote has (with no remote: a worktree's that the base lacks, a clone's all). */
  unpushed: number;
  /** Where those commits are: `branch side`, `tag v1`, `detached HEAD`. */
  unpushedRefs: string[];
  /** Commits only a recent reflog entry reaches (see reflogOnly.ts), in the reflogs the action deletes. */
  reflogOnly: number;
  /** Stashes that would be lost (a clone's all; a worktree's those made on its branch). */
  stashes: number;
  /** No remote is configured: nothing here is backed up anywhere else. */
  noRemote: boolean;
}

export interface PreflightScope {
  base?: string;
  /**
   * `clone`: the whole repository goes with the folder (every branch, tag, stash and reflog);
   * `worktree`: its HEAD, HEAD's reflog and its files go, the repository's refs stay.
   */
  scope: 'clone' | 'worktree';
  /** Now, in milliseconds (the reflog window is counted back from it). */
  now?: number;
}

export async function gitPreflight(dir: string, options: PreflightScope): Promise<GitPreflight> {
  const head = await headCommit(dir);
  const branch = await currentBranch(dir);
  const subject = head ? (await gitOk(dir, ['log', '-1', '--format=%s', head])).trim() : '';
  const files = await workingFiles(dir);
  const noRemote = !(await hasRemotes(dir));
  const whole = options.scope === 'clone';
  const base = !whole && noRemote && options.base && (await refExists(dir, options.base)) ? options.base : undefined;
  const unpushed = await unpushedWork(dir, { scope: whole ? 'repository' : 'head', against: noRemote ? (base ? { base } : null) : { remotes: true } });
  const reflogOnly = await reflogOnlyCommits(dir, { scope: whole ? 'repository' : 'head', now: options.now ?? Date.now() });
  const stashLines = (await gitOk(dir, ['stash', 'list', '--format=%gs'])).split('\n').filter((l) => l.length > 0);
  const stashes = whole ? stashLines.length : stashLines.filter((l) => branch !== undefined && new RegExp(`^(WIP on|On) ${escapeRegExp(branch)}:`).test(l)).length;
  return {
    head: head ? `${head.slice(0, 12)} ${branch ?? '(detached)'}: ${subject}` : '(no commit)',
    checkedOut: branch ?? null,
    ...files,
    unpushed: unpushed.commits,
    unpushedRefs: unpushed.refs,
    reflogOnly,
    stashes,
    noRemote,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
