// Checks that run before any workspace folder is deleted or reset, whatever the user confirmed: the
// folder's real path lies inside the workspace root (on a path boundary, never the root itself), it
// holds no other workspace's folder, and a worktree is one its repository lists. A record edited by
// hand (or a root that moved) must never turn `rm --yes` into deleting some other folder.

import fs from 'node:fs';
import { GitError } from '../../git/run.js';
import { listWorktrees } from '../../git/worktrees.js';
import { isWithin, realPath } from '../../store/paths.js';

export interface GuardedFolder {
  name: string;
  kind: 'adopted' | 'worktree' | 'clone';
  path: string;
  /** A worktree's repository. */
  repo?: string;
}

/** Why `folder` must not be deleted or reset; empty when it may be (or when it is gone, or adopted: nothing is deleted). */
export async function folderProblems(folder: GuardedFolder, root: string, others: readonly { name: string; path: string }[]): Promise<string[]> {
  if (folder.kind === 'adopted' || !exists(folder.path)) return [];
  let realRoot: string;
  let real: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch (error) {
    return [`the workspace root ${root} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); tessera deletes and resets only folders inside it`];
  }
  try {
    real = fs.realpathSync(folder.path);
  } catch (error) {
    return [`${folder.path} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`];
  }
  if (real === realRoot || !isWithin(realRoot, real)) {
    const via = real === folder.path ? '' : ` (it leads to ${real})`;
    return [`${folder.path}${via} is not inside the workspace root ${realRoot}; tessera deletes or resets only folders it made there (was the record edited, or the root changed?)`];
  }
  const problems: string[] = [];
  for (const other of others) {
    if (other.name !== folder.name && isWithin(real, realPath(other.path))) problems.push(`${folder.path} holds the folder of workspace ${other.name} (${other.path})`);
  }
  if (folder.kind === 'worktree') {
    const listed = await worktreeProblem(real, folder.repo);
    if (listed) problems.push(listed);
  }
  return problems;
}

/** A worktree's folder must be one its repository lists, and not the repository's own (main) folder. */
async function worktreeProblem(real: string, repo: string | undefined): Promise<string | undefined> {
  if (!repo) return `${real} has no repository recorded; tessera deletes a worktree only when its repository lists it`;
  let entries: { path: string }[];
  try {
    entries = await listWorktrees(repo);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return `cannot ask its repository ${repo} which worktrees it has (${error.message}); tessera deletes a worktree only when its repository lists it`;
  }
  const at = entries.findIndex((entry) => realPath(entry.path) === real);
  if (at === 0) return `${real} is the main folder of repository ${repo}, not one of its worktrees`;
  if (at < 0) return `${real} is not a worktree of ${repo} ('git worktree list' there does not list it)`;
  return undefined;
}

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
