// The git side of `tessera diff`: which commit a workspace's changes are compared with (by default
// the merge base of its base branch and HEAD, so committed work shows too), and the patch, the
// per-file counts or the commits since the base. Untracked files are marked intent-to-add in a
// throwaway index (intentIndex.ts), never in the real one.

import { EMPTY_TREE } from './diffSummary.js';
import { untrackedFiles, withUntrackedIntent } from './intentIndex.js';
import { baseFork } from './mergeBase.js';
import { parseNumstat } from './numstat.js';
import { currentBranch, headCommit } from './repo.js';
import { gitOk } from './run.js';

/** What is compared: the branch since its base (default), the uncommitted changes, the staged ones, or a range. */
export type DiffView = { kind: 'branch' } | { kind: 'uncommitted' } | { kind: 'staged' } | { kind: 'range'; range: string };

export interface DiffAsk {
  view: DiffView;
  /** The workspace's base branch, if it has one. */
  base?: string;
  /** Untracked files shown as new files (where the view ends at the working tree). */
  untracked: boolean;
  /** Paths relative to the workspace folder; empty: every file. */
  paths: string[];
}

export interface DiffAgainst {
  /** What the changes are compared with, for people: `main (merge base 1a2b3c4)`, `HEAD`, `the index`. */
  label: string;
  /** The commit compared with (the merge base, or HEAD), when there is one. */
  commit?: string;
  /** Said when the default could not be used: no base, base gone, no shared history. */
  note?: string;
}

export type FileStatus = 'added' | 'modified' | 'deleted' | 'typechange' | 'unmerged' | 'untracked';

export interface FileChange {
  path: string;
  status: FileStatus;
  added: number;
  removed: number;
  binary: boolean;
}

export interface Commit {
  id: string;
  subject: string;
}

interface Plan {
  against: DiffAgainst;
  /** git diff's options that choose the sides (`--cached`). */
  options: string[];
  /** git diff's revision arguments. */
  revs: string[];
  /** Untracked files to mark intent-to-add. */
  untracked: string[];
}

const NO_RENAMES = ['--no-renames', '--no-ext-diff', '--no-textconv'];

async function plan(dir: string, ask: DiffAsk): Promise<Plan> {
  const head = await headCommit(dir);
  const headRev = head ?? EMPTY_TREE;
  const untracked = async (): Promise<string[]> => (ask.untracked ? untrackedFiles(dir) : []);
  switch (ask.view.kind) {
    case 'staged':
      return { against: { label: 'HEAD (staged changes only)', commit: head }, options: ['--cached'], revs: [headRev], untracked: [] };
    case 'uncommitted':
      return { against: { label: 'HEAD (uncommitted changes)', commit: head }, options: [], revs: [headRev], untracked: await untracked() };
    case 'range': {
      // A range of commits ends at a commit: untracked files belong only to a diff that ends at the working tree.
      const toWorkingTree = !ask.view.range.includes('..');
      return { against: { label: ask.view.range }, options: [], revs: [ask.view.range], untracked: toWorkingTree ? await untracked() : [] };
    }
    case 'branch': {
      const fork = head ? await baseFork(dir, ask.base, await currentBranch(dir)) : undefined;
      if (fork) return { against: { label: `${fork.ref} (merge base ${fork.commit.slice(0, 7)})`, commit: fork.commit }, options: [], revs: [fork.commit], untracked: await untracked() };
      const note =
        ask.base === undefined
          ? 'this workspace has no base branch (an adopted folder): showing changes against HEAD'
          : head === undefined
            ? 'no commit yet: showing everything against the empty tree'
            : `base '${ask.base}' was not found (or shares no history with HEAD): showing changes against HEAD`;
      return { against: { label: 'HEAD', commit: head, note }, options: [], revs: [headRev], untracked: await untracked() };
    }
  }
}

function pathArgs(paths: readonly string[]): string[] {
  return paths.length === 0 ? [] : ['--', ...paths.map((p) => `:(literal)${p}`)];
}

/** The patch (or `--stat`, `--name-only` lines) without colours: whoever shows it escapes and colours it. */
export async function workspacePatch(dir: string, ask: DiffAsk, format: 'patch' | 'stat' | 'name-only', options: { renames?: boolean } = {}): Promise<{ text: string; against: DiffAgainst }> {
  const p = await plan(dir, ask);
  const formatArgs = format === 'stat' ? ['--stat'] : format === 'name-only' ? ['--name-only'] : [];
  // Without renames each file has one path, the one workspaceFiles names (the diff viewer matches them).
  const args = ['diff', '--no-color', '--no-ext-diff', ...(options.renames === false ? ['--no-renames'] : []), ...formatArgs, ...p.options, '--end-of-options', ...p.revs, ...pathArgs(ask.paths)];
  const text = await withUntrackedIntent(dir, p.untracked, (env) => gitOk(dir, args, { env }));
  return { text, against: p.against };
}

/** Each changed file with its status and line counts. */
export async function workspaceFiles(dir: string, ask: DiffAsk): Promise<{ files: FileChange[]; against: DiffAgainst }> {
  const p = await plan(dir, ask);
  const args = (format: string) => ['diff', format, '-z', ...NO_RENAMES, ...p.options, '--end-of-options', ...p.revs, ...pathArgs(ask.paths)];
  const [numstat, names] = await withUntrackedIntent(dir, p.untracked, (env) => Promise.all([gitOk(dir, args('--numstat'), { env }), gitOk(dir, args('--name-status'), { env })]));
  const statuses = parseNameStatus(names);
  const untracked = new Set(p.untracked);
  const files = parseNumstat(numstat).map((count): FileChange => ({
    path: count.path,
    status: untracked.has(count.path) ? 'untracked' : (statuses.get(count.path) ?? 'modified'),
    added: count.added,
    removed: count.removed,
    binary: count.binary,
  }));
  return { files, against: p.against };
}

const STATUS_LETTERS: Record<string, FileStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'typechange', U: 'unmerged' };

/** `--name-status -z`: `M\0path\0A\0path\0…` */
export function parseNameStatus(text: string): Map<string, FileStatus> {
  const parts = text.split('\0');
  const map = new Map<string, FileStatus>();
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const letter = (parts[i] as string).charAt(0);
    map.set(parts[i + 1] as string, STATUS_LETTERS[letter] ?? 'modified');
  }
  return map;
}

/** Commits HEAD has since `from` (newest first), at most `limit`. */
export async function commitsSince(dir: string, from: string, limit: number): Promise<Commit[]> {
  const text = await gitOk(dir, ['log', '-z', `--max-count=${limit}`, '--format=%h%x09%s', '--end-of-options', `${from}..HEAD`]);
  return text
    .split('\0')
    .filter((l) => l.length > 0)
    .map((line) => {
      const tab = line.indexOf('\t');
      return { id: line.slice(0, tab), subject: line.slice(tab + 1) };
    });
}
