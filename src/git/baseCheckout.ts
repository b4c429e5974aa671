// Where the branch a workspace lands into is checked out (git allows one folder per branch), and
// whether that folder has changes of its own: landing updates its files only when it has none.

import { gitOk } from './run.js';
import { listWorktrees } from './worktrees.js';

export interface BaseCheckout {
  /** The folder that has the branch checked out. */
  path: string;
  /** Tracked files with changes there (staged or not); empty: clean. */
  dirty: string[];
}

/** undefined when no folder of the repository has `branch` checked out (a bare repository's main entry has none). */
export async function baseCheckout(dir: string, branch: string): Promise<BaseCheckout | undefined> {
  const holder = (await listWorktrees(dir)).find((w) => w.branch === branch);
  if (!holder) return undefined;
  const status = await gitOk(holder.path, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--no-renames']);
  const dirty = status
    .split('\0')
    .filter((entry) => entry.length >= 4)
    .map((entry) => entry.slice(3));
  return { path: holder.path, dirty };
}
