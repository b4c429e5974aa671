// How much a workspace has changed, in one pass with as few git children as possible (ls asks this
// of every workspace): the uncommitted diff (against HEAD, untracked files counted as added, binary
// files counted in no line) with ahead/behind, and what the branch brings to its base (files, lines,
// commits since the merge base).

import { EMPTY_TREE, type DiffSummary } from './diffSummary.js';
import { withUntrackedIntent } from './intentIndex.js';
import { baseFork } from './mergeBase.js';
import { parseNumstat, sumCounts } from './numstat.js';
import { gitOk } from './run.js';
import { readStatus, type StatusV2 } from './statusV2.js';

/** What the workspace would bring to its base: the merge base of the base and HEAD to the working tree. */
export interface BranchSummary {
  files: number;
  added: number;
  removed: number;
  /** Commits since the merge base. */
  commits: number;
}

export interface WorkspaceChanges {
  /** The commit HEAD points at, undefined before the first commit. */
  head: string | undefined;
  /** The checked-out branch, undefined when HEAD is detached. */
  branchName: string | undefined;
  diff: DiffSummary;
  /** null without a base (an adopted folder), or when the base is gone or shares no history. */
  branch: BranchSummary | null;
  /** Paths (from the repository's top) the branch changed since its base, committed or not (empty without a base). */
  branchFiles: string[];
  /** Paths (from the repository's top) of untracked files and changed tracked files. */
  untrackedFiles: string[];
  changedFiles: string[];
}

const NUMSTAT = ['diff', '--numstat', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', '--end-of-options'];

/** undefined when `dir` is not in a git repository. */
export async function workspaceChanges(dir: string, base: string | undefined): Promise<WorkspaceChanges | undefined> {
  const status = await readStatus(dir);
  return status ? countChanges(dir, base, status) : undefined;
}

/** The counts, given the folder's status read just before (and its own git folder, when the caller knows it). */
export async function countChanges(dir: string, base: string | undefined, status: StatusV2, gitDir?: string): Promise<WorkspaceChanges> {
  const fork = status.head ? await baseFork(dir, base, status.branch, status.head) : undefined;
  const uncommittedSince = status.head ?? EMPTY_TREE;
  const [uncommitted, branch] = await withUntrackedIntent(
    dir,
    status.untracked,
    async (env) => {
      const own = gitOk(dir, [...NUMSTAT, uncommittedSince], { env });
      // A branch without commits of its own forks at HEAD: its diff is the uncommitted one, asked once.
      const sinceFork = fork === undefined ? undefined : fork.commit === uncommittedSince ? own : gitOk(dir, [...NUMSTAT, fork.commit], { env });
      return Promise.all([own, sinceFork]);
    },
    gitDir,
  );
  const against = status.upstream ?? fork;
  const branchFiles = branch === undefined ? undefined : parseNumstat(branch);
  return {
    head: status.head,
    branchName: status.branch,
    diff: { ...sumCounts(parseNumstat(uncommitted)), untracked: status.untracked.length, ahead: against?.ahead ?? 0, behind: against?.behind ?? 0 },
    branch: branchFiles && fork ? { files: branchFiles.length, ...sumCounts(branchFiles), commits: fork.ahead } : null,
    branchFiles: branchFiles?.map((f) => f.path) ?? [],
    untrackedFiles: status.untracked,
    changedFiles: status.changed,
  };
}
