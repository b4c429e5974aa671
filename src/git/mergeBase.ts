// What a workspace brings to its base: the base branch as a ref this repository has, and the commit
// where the workspace's history left it (the merge base of the base and HEAD).

import { FORK_MEMO_MAX_ENTRIES } from '../limits.js';
import { git } from './run.js';

export interface BaseFork {
  /** The ref compared with: `main`, or `origin/main` when the workspace is on `main` itself (a clone). */
  ref: string;
  /** The merge base of `ref` and HEAD. */
  commit: string;
  /** Commits HEAD has that `ref` lacks (the workspace's own), and the other way round. */
  ahead: number;
  behind: number;
}

/**
 * Forks already worked out, by folder, base ref and the two commits: commits never change, so while neither the
 * base nor HEAD moved the answer is the same and costs no git child (the conflict radar and ls ask after every edit).
 */
const knownForks = new Map<string, BaseFork>();

/**
 * undefined when there is no base, HEAD has no commit, or the two share no history. `head`, the commit HEAD
 * points at when the caller has just read it, lets an unchanged pair of commits be answered from memory.
 */
export async function baseFork(dir: string, base: string | undefined, branch: string | undefined, head?: string): Promise<BaseFork | undefined> {
  if (base === undefined) return undefined;
  const found = await resolveBase(dir, base, branch);
  if (found === undefined) return undefined;
  const { ref, commit: baseCommit } = found;
  const key = head === undefined ? undefined : `${dir}\0${ref}\0${baseCommit}\0${head}`;
  const known = key === undefined ? undefined : knownForks.get(key);
  if (known) return { ...known };
  // Named by commit when HEAD's is known: a HEAD that moved meanwhile must not be counted under the old key.
  const [left, right] = [baseCommit, head ?? 'HEAD'];
  const [merge, counts] = await Promise.all([git(dir, ['merge-base', left, right]), git(dir, ['rev-list', '--left-right', '--count', `${left}...${right}`])]);
  if (merge.code !== 0 || counts.code !== 0) return undefined;
  const [behind, ahead] = counts.stdout.trim().split(/\s+/).map(Number);
  const fork = { ref, commit: merge.stdout.trim(), ahead: ahead || 0, behind: behind || 0 };
  if (key !== undefined) remember(key, fork);
  return { ...fork };
}

function remember(key: string, fork: BaseFork): void {
  if (knownForks.size >= FORK_MEMO_MAX_ENTRIES) knownForks.delete(knownForks.keys().next().value as string);
  knownForks.set(key, fork);
}

/**
 * The base as a ref: the local branch, else origin's. A workspace on the base branch itself (a clone on
 * main) compares with origin's copy, or its own commits would never show.
 */
export async function baseRef(dir: string, base: string, branch: string | undefined): Promise<string | undefined> {
  return (await resolveBase(dir, base, branch))?.ref;
}

/** The base's ref and the commit it points at now. */
async function resolveBase(dir: string, base: string, branch: string | undefined): Promise<{ ref: string; commit: string } | undefined> {
  const candidates = base === branch ? [`origin/${base}`] : [base, `origin/${base}`];
  for (const candidate of candidates) {
    if (candidate.startsWith('-')) continue;
    const found = await git(dir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${candidate}^{commit}`]);
    if (found.code === 0) return { ref: candidate, commit: found.stdout.trim() };
  }
  return undefined;
}
