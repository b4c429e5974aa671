// What a workspace brings to its base: the base branch as a ref this repository has, and the commit
// where the workspace's history left it (the merge base of the base and HEAD).

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

/** undefined when there is no base, HEAD has no commit, or the two share no history. */
export async function baseFork(dir: string, base: string | undefined, branch: string | undefined): Promise<BaseFork | undefined> {
  if (base === undefined) return undefined;
  const ref = await baseRef(dir, base, branch);
  if (ref === undefined) return undefined;
  const [merge, counts] = await Promise.all([git(dir, ['merge-base', ref, 'HEAD']), git(dir, ['rev-list', '--left-right', '--count', `${ref}...HEAD`])]);
  if (merge.code !== 0 || counts.code !== 0) return undefined;
  const [behind, ahead] = counts.stdout.trim().split(/\s+/).map(Number);
  return { ref, commit: merge.stdout.trim(), ahead: ahead || 0, behind: behind || 0 };
}

/**
 * The base as a ref: the local branch, else origin's. A workspace on the base branch itself (a clone on
 * main) compares with origin's copy, or its own commits would never show.
 */
export async function baseRef(dir: string, base: string, branch: string | undefined): Promise<string | undefined> {
  const candidates = base === branch ? [`origin/${base}`] : [base, `origin/${base}`];
  for (const candidate of candidates) {
    if (candidate.startsWith('-')) continue;
    const found = await git(dir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${candidate}^{commit}`]);
    if (found.code === 0) return candidate;
  }
  return undefined;
}
