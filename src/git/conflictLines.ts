// The lines where two workspaces' changes to the same files meet: each working tree as a throwaway
// commit (snapshotCommit.ts, nothing in either folder touched), both diffed without context against
// their merge base (what `git merge-tree` merges from), and the overlapping hunks found (hunkOverlap.ts).

import { headCommit } from './repo.js';
import { git, gitOk } from './run.js';
import { overlappingLines, parsePatchHunks, type LineRange } from './hunkOverlap.js';
import { snapshotCommit } from './snapshotCommit.js';

export interface ConflictPlace {
  path: string;
  /** Lines of our working tree's file (empty when none are known: a deleted, renamed or binary file). */
  ranges: LineRange[];
}

/** For each file, our lines that theirs also changed; `ours` and `theirs` are working trees of one repository. */
export async function conflictPlaces(ours: string, theirs: string, files: readonly string[]): Promise<ConflictPlace[]> {
  if (files.length === 0) return [];
  const [a, b] = await Promise.all([workingCommit(ours), workingCommit(theirs)]);
  const base = a && b ? await git(ours, ['merge-base', a, b]) : undefined;
  if (!a || !b || base?.code !== 0) return files.map((path) => ({ path, ranges: [] }));
  const from = base.stdout.trim();
  const diff = (to: string) => gitOk(ours, ['-c', 'core.quotePath=false', 'diff', '-U0', '--no-renames', '--no-color', '--no-ext-diff', from, to, '--', ...files.map((f) => `:(literal)${f}`)]);
  const [mine, other] = await Promise.all([diff(a), diff(b)]).then((patches) => patches.map(parsePatchHunks));
  return files.map((path) => ({ path, ranges: overlappingLines(mine?.get(path) ?? [], other?.get(path) ?? []) }));
}

async function workingCommit(dir: string): Promise<string | undefined> {
  const head = await headCommit(dir);
  return head === undefined ? undefined : (await snapshotCommit(dir, head)).commit;
}
