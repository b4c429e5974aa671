// The change cache's entries as they are kept on disk between servers (changeCacheFile.ts), and the check of
// what is read back: the file is the server's own, but it is read as any file is, field by field.

import type { BranchSummary, WorkspaceChanges } from '../git/changeSummary.js';
import type { DiffSummary } from '../git/diffSummary.js';
import type { GitPlaces } from '../git/treeSignature.js';
import { CHANGE_CACHE_MAX_PATHS } from '../limits.js';
import { InvalidInput, int, optStr, record, str, strArray } from '../protocol/validate.js';

/** One folder's counts and the fingerprint they were made under. */
export interface StoredChanges {
  dir: string;
  base: string | undefined;
  places: GitPlaces;
  /** Tracked and untracked files the fingerprint stats (tracked ones change only with the index, which it stats too). */
  files: string[];
  branchName: string | undefined;
  signature: string;
  changes: WorkspaceChanges;
  /** Whether its branch was merged into its base, when that was asked under this fingerprint. */
  merged: boolean | undefined;
}

const PATH_MAX = 4096;
const COUNT_MAX = Number.MAX_SAFE_INTEGER;

const paths = (value: unknown, what: string) => strArray(value, what, CHANGE_CACHE_MAX_PATHS).map((p, i) => str(p, `${what}[${i}]`, PATH_MAX));
const count = (value: unknown, what: string) => int(value, what, 0, COUNT_MAX);

function diffOf(value: unknown): DiffSummary {
  const d = record(value, 'diff');
  return { added: count(d.added, 'diff.added'), removed: count(d.removed, 'diff.removed'), untracked: count(d.untracked, 'diff.untracked'), ahead: count(d.ahead, 'diff.ahead'), behind: count(d.behind, 'diff.behind') };
}

function branchOf(value: unknown): BranchSummary | null {
  if (value === null) return null;
  const b = record(value, 'branch');
  return { files: count(b.files, 'branch.files'), added: count(b.added, 'branch.added'), removed: count(b.removed, 'branch.removed'), commits: count(b.commits, 'branch.commits') };
}

function changesOf(value: unknown): WorkspaceChanges {
  const c = record(value, 'changes');
  return {
    head: optStr(c.head, 'changes.head', 64),
    branchName: optStr(c.branchName, 'changes.branchName', PATH_MAX),
    diff: diffOf(c.diff),
    branch: branchOf(c.branch),
    branchFiles: paths(c.branchFiles, 'changes.branchFiles'),
    untrackedFiles: paths(c.untrackedFiles, 'changes.untrackedFiles'),
    changedFiles: paths(c.changedFiles, 'changes.changedFiles'),
  };
}

/** One entry read back; throws InvalidInput naming the field that is wrong. */
export function parseStoredChanges(value: unknown): StoredChanges {
  const e = record(value, 'entry');
  const places = record(e.places, 'places');
  if (e.merged !== undefined && typeof e.merged !== 'boolean') throw new InvalidInput('merged must be true or false');
  return {
    dir: str(e.dir, 'dir', PATH_MAX),
    base: optStr(e.base, 'base', PATH_MAX),
    places: { top: str(places.top, 'places.top', PATH_MAX), gitDir: str(places.gitDir, 'places.gitDir', PATH_MAX), commonDir: str(places.commonDir, 'places.commonDir', PATH_MAX) },
    files: paths(e.files, 'files'),
    branchName: optStr(e.branchName, 'branchName', PATH_MAX),
    signature: str(e.signature, 'signature', 128),
    changes: changesOf(e.changes),
    merged: e.merged,
  };
}

/** Paths an entry holds (what the file's size grows with). */
export function pathsIn(entry: StoredChanges): number {
  const c = entry.changes;
  return entry.files.length + c.branchFiles.length + c.untrackedFiles.length + c.changedFiles.length;
}
