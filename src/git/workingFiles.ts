// The files of a working tree that git does not have in a commit: changed tracked files (and among
// them the unmerged ones), untracked files and ignored files. Paths are relative to the folder; a
// folder wholly untracked or ignored is one entry ending in `/` (node_modules/ is one entry, not
// forty thousand).

import { gitOk } from './run.js';

export interface WorkingFiles {
  /** Tracked files with changes, staged or not. */
  dirty: string[];
  /** Files with an unresolved merge conflict (also in `dirty`). */
  conflicts: string[];
  /** Untracked, not ignored. */
  untracked: string[];
  /** Untracked and ignored (.env, a local database, node_modules/): `git clean -fd` keeps them, deleting the folder does not. */
  ignored: string[];
}

/** Status codes of an unmerged path (git status --porcelain=v1). */
const UNMERGED = new Set(['DD', 'AU', 'UD', 'UA', 'DU', 'AA', 'UU']);

export async function workingFiles(dir: string): Promise<WorkingFiles> {
  const [status, untracked, ignored] = await Promise.all([
    gitOk(dir, ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--no-renames']),
    gitOk(dir, ['ls-files', '-z', '--others', '--exclude-standard', '--directory', '--no-empty-directory']),
    gitOk(dir, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory']),
  ]);
  const dirty: string[] = [];
  const conflicts: string[] = [];
  for (const entry of status.split('\0')) {
    if (entry.length < 4) continue;
    const file = entry.slice(3);
    dirty.push(file);
    if (UNMERGED.has(entry.slice(0, 2))) conflicts.push(file);
  }
  return { dirty, conflicts, untracked: nulList(untracked), ignored: nulList(ignored) };
}

function nulList(text: string): string[] {
  return text.split('\0').filter((f) => f.length > 0);
}
