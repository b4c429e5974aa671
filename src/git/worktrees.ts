// The worktrees of a repository, and which branch each one holds (git allows one worktree per branch).

import { gitOk } from './run.js';

export interface WorktreeEntry {
  path: string;
  /** Short branch name, undefined when detached. */
  branch?: string;
}

export async function listWorktrees(repo: string): Promise<WorktreeEntry[]> {
  const text = await gitOk(repo, ['worktree', 'list', '--porcelain']);
  const entries: WorktreeEntry[] = [];
  let current: WorktreeEntry | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('worktree ')) {
      current = { path: line.slice('worktree '.length) };
      entries.push(current);
    } else if (line.startsWith('branch refs/heads/') && current) {
      current.branch = line.slice('branch refs/heads/'.length);
    }
  }
  return entries;
}

/** The folder whose worktree holds `branch`, if one does. */
export async function branchHolder(repo: string, branch: string): Promise<string | undefined> {
  return (await listWorktrees(repo)).find((w) => w.branch === branch)?.path;
}
