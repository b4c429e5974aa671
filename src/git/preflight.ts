// What a destructive action (remove, reset) would lose, asked of git right before it runs.

import { currentBranch, hasRemotes, headCommit, refExists } from './repo.js';
import { untrackedFiles } from './intentIndex.js';
import { git, gitOk } from './run.js';

export interface GitPreflight {
  /** `abc1234 feat/x: subject`, or `(no commit)`. */
  head: string;
  /** Tracked files with changes (staged or not). */
  dirty: number;
  untracked: number;
  /** Commits on HEAD that no remote has (with no remote at all: that the base lacks). */
  unpushed: number;
  /** Stashes that would be lost (a clone's all; a worktree's those made on its branch). */
  stashes: number;
  /** No remote is configured: nothing here is backed up anywhere else. */
  noRemote: boolean;
}

export async function gitPreflight(dir: string, options: { base?: string; ownStashesOnly: boolean }): Promise<GitPreflight> {
  const head = await headCommit(dir);
  const branch = await currentBranch(dir);
  const subject = head ? (await gitOk(dir, ['log', '-1', '--format=%s', head])).trim() : '';
  const status = await gitOk(dir, ['status', '--porcelain=v1', '-z', '--untracked-files=no']);
  const dirty = status.split('\0').filter((entry) => /^[ MADRCUT?!]{2} /.test(entry)).length;
  const untracked = (await untrackedFiles(dir)).length;
  const noRemote = !(await hasRemotes(dir));
  let unpushed = 0;
  if (head) {
    const against = noRemote ? (options.base && (await refExists(dir, options.base)) ? [options.base] : []) : ['--remotes'];
    const counted = await git(dir, ['rev-list', '--count', 'HEAD', '--not', ...against]);
    unpushed = counted.code === 0 ? Number(counted.stdout.trim()) || 0 : 0;
  }
  const stashList = await git(dir, ['stash', 'list', '--format=%gs']);
  const stashLines = stashList.code === 0 ? stashList.stdout.split('\n').filter((l) => l.length > 0) : [];
  const stashes = options.ownStashesOnly ? stashLines.filter((l) => branch !== undefined && new RegExp(`^(WIP on|On) ${escapeRegExp(branch)}:`).test(l)).length : stashLines.length;
  return {
    head: head ? `${head.slice(0, 12)} ${branch ?? '(detached)'}: ${subject}` : '(no commit)',
    dirty,
    untracked,
    unpushed,
    stashes,
    noRemote,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
