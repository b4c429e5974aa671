// How much a workspace has changed: lines added/removed against HEAD (untracked files counted as
// added, binary files skipped), untracked files, and commits ahead/behind upstream (else base).

import { headCommit, refExists, upstreamOf } from './repo.js';
import { untrackedFiles, withUntrackedIntent } from './intentIndex.js';
import { git, gitOk } from './run.js';

export interface DiffSummary {
  added: number;
  removed: number;
  untracked: number;
  ahead: number;
  behind: number;
}

/** git's id of the empty tree: what a repository with no commit yet is compared with. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export async function diffSummary(dir: string, base?: string): Promise<DiffSummary> {
  const head = await headCommit(dir);
  const untracked = await untrackedFiles(dir);
  const numstat = await withUntrackedIntent(dir, untracked, (env) => gitOk(dir, ['diff', '--numstat', '--no-renames', head ?? EMPTY_TREE], { env }));
  let added = 0;
  let removed = 0;
  for (const line of numstat.split('\n')) {
    const [a, r] = line.split('\t');
    if (a === undefined || r === undefined || a === '-' || r === '-') continue; // binary: skipped, not zero
    added += Number(a) || 0;
    removed += Number(r) || 0;
  }
  const { ahead, behind } = head ? await aheadBehind(dir, base) : { ahead: 0, behind: 0 };
  return { added, removed, untracked: untracked.length, ahead, behind };
}

/** Commits HEAD has that the upstream (else the base) lacks, and the other way round. */
export async function aheadBehind(dir: string, base?: string): Promise<{ ahead: number; behind: number }> {
  const against = (await upstreamOf(dir)) ?? (base && (await refExists(dir, base)) ? base : undefined);
  if (!against) return { ahead: 0, behind: 0 };
  const result = await git(dir, ['rev-list', '--left-right', '--count', `${against}...HEAD`]);
  if (result.code !== 0) return { ahead: 0, behind: 0 };
  const [behind, ahead] = result.stdout.trim().split(/\s+/).map(Number);
  return { ahead: ahead || 0, behind: behind || 0 };
}
