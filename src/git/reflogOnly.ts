// Commits reachable only from a reflog: work a branch moved away from (a reset, an amend, a rebase, a
// deleted branch) that git still keeps and `git reflog` can bring back — until the folder holding
// that reflog is deleted. Only entries written within REFLOG_WINDOW_MS count.

import { REFLOG_WINDOW_MS } from '../limits.js';
import { headCommit } from './repo.js';
import { gitOk } from './run.js';

export interface ReflogScope {
  /** `repository`: every reflog (a clone, deleted whole); `head`: this worktree's HEAD reflog (the branches' stay with the repository). */
  scope: 'repository' | 'head';
  /** Milliseconds since the epoch, for the window. */
  now: number;
}

/** How many commits in recent reflog entries no branch, tag, remote, stash or HEAD reaches. */
export async function reflogOnlyCommits(dir: string, options: ReflogScope): Promise<number> {
  if (options.scope === 'head' && !(await headCommit(dir))) return 0; // an unborn HEAD has no reflog to read
  const which = options.scope === 'repository' ? ['--all'] : ['HEAD'];
  const entries = await gitOk(dir, ['log', '--walk-reflogs', '--date=unix', '--format=%H %gd', ...which]);
  const since = Math.floor((options.now - REFLOG_WINDOW_MS) / 1000);
  const candidates = new Set<string>();
  for (const line of entries.split('\n')) {
    // `<id> <ref>@{<unix time>}`; the stash's reflog holds the older stashes, counted as stashes.
    const match = /^([0-9a-f]+) (.+)@\{(\d+)\}$/.exec(line);
    if (!match || /^(refs\/)?stash$/.test(match[2] as string)) continue;
    if (Number(match[3]) >= since) candidates.add(match[1] as string);
  }
  if (candidates.size === 0) return 0;
  // On standard input: a long reflog would not fit in the argument list.
  const count = await gitOk(dir, ['rev-list', '--count', '--stdin', '--not', '--all'], { input: `${[...candidates].join('\n')}\n` });
  return Number(count.trim()) || 0;
}
