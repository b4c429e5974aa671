// One `git status --porcelain=v2 --branch -z` read: the checked-out branch and commit, the upstream's
// ahead/behind, changed tracked files and untracked files. One git child instead of four questions.

import { git } from './run.js';

export interface StatusV2 {
  /** undefined in a repository with no commit yet. */
  head: string | undefined;
  /** undefined when HEAD is detached. */
  branch: string | undefined;
  /** Against the upstream, when the branch has one. */
  upstream: { name: string; ahead: number; behind: number } | undefined;
  /** Tracked files with changes, staged or not (unmerged ones too). */
  changed: string[];
  /** Untracked, not ignored: each file, not folders. */
  untracked: string[];
}

/** undefined when `dir` is not in a git repository (or git could not read it). */
export async function readStatus(dir: string): Promise<StatusV2 | undefined> {
  const result = await git(dir, ['status', '--porcelain=v2', '--branch', '-z', '--untracked-files=all', '--no-renames']);
  return result.code === 0 ? parseStatusV2(result.stdout) : undefined;
}

export function parseStatusV2(text: string): StatusV2 {
  const status: StatusV2 = { head: undefined, branch: undefined, upstream: undefined, changed: [], untracked: [] };
  let upstreamName: string | undefined;
  let ab: { ahead: number; behind: number } | undefined;
  for (const entry of text.split('\0')) {
    if (entry.startsWith('# branch.oid ')) {
      const oid = entry.slice('# branch.oid '.length);
      status.head = oid === '(initial)' ? undefined : oid;
    } else if (entry.startsWith('# branch.head ')) {
      const head = entry.slice('# branch.head '.length);
      status.branch = head === '(detached)' ? undefined : head;
    } else if (entry.startsWith('# branch.upstream ')) upstreamName = entry.slice('# branch.upstream '.length);
    else if (entry.startsWith('# branch.ab ')) {
      const match = /^# branch\.ab \+(\d+) -(\d+)$/.exec(entry);
      if (match) ab = { ahead: Number(match[1]), behind: Number(match[2]) };
    } else if (entry.startsWith('1 ')) status.changed.push(field(entry, 8));
    else if (entry.startsWith('u ')) status.changed.push(field(entry, 10));
    else if (entry.startsWith('? ')) status.untracked.push(entry.slice(2));
  }
  // branch.ab is missing when the upstream is gone: then there is nothing to count against.
  if (upstreamName !== undefined && ab !== undefined) status.upstream = { name: upstreamName, ...ab };
  return status;
}

/** The path after `count` space-separated fields (a path may itself hold spaces). */
function field(entry: string, count: number): string {
  let at = 0;
  for (let i = 0; i < count; i++) at = entry.indexOf(' ', at) + 1;
  return entry.slice(at);
}
