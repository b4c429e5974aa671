// What differs between the preflight a user confirmed and the one taken right before acting, said
// briefly ("new untracked files: out.log; unpushed commits 0 -> 1"). Running panes are left out:
// they are stopped between the two on purpose.

import type { Preflight } from './endGuards.js';
import { someNames } from './namedList.js';

/** NAMES shown per list in the description: it is one line of a refusal. */
const NAMED = 3;

/** undefined when nothing but the running panes differs. */
export function preflightChange(shown: Preflight, now: Preflight): string | undefined {
  const facts = (p: Preflight): string => JSON.stringify({ ...p, runningPanes: [] });
  if (facts(shown) === facts(now)) return undefined;
  try {
    return describe(shown, now);
  } catch {
    return 'its details changed'; // `shown` came from outside (a client) in a shape of its own: it differs, that is all
  }
}

function describe(shown: Preflight, now: Preflight): string {
  const parts: string[] = [];
  const list = (label: string, before: readonly string[], after: readonly string[]): void => {
    const added = after.filter((f) => !before.includes(f));
    const gone = before.filter((f) => !after.includes(f));
    if (added.length > 0) parts.push(`new ${label}: ${someNames(added, NAMED)}`);
    if (gone.length > 0) parts.push(`${label} no longer there: ${someNames(gone, NAMED)}`);
  };
  const count = (label: string, before: number, after: number): void => {
    if (before !== after) parts.push(`${label} ${before} -> ${after}`);
  };
  const a = shown.git;
  const b = now.git;
  if (a && b) {
    if (a.head !== b.head) parts.push(`head is now ${b.head}`);
    list('changed files', a.dirty, b.dirty);
    list('untracked files', a.untracked, b.untracked);
    list('ignored files', a.ignored, b.ignored);
    count('unpushed commits', a.unpushed, b.unpushed);
    count('commits only in the reflog', a.reflogOnly, b.reflogOnly);
    count('stashes', a.stashes, b.stashes);
    if (a.checkedOut !== b.checkedOut) parts.push(`checked out is now ${b.checkedOut ?? 'a detached HEAD'}`);
  } else if (!a !== !b) parts.push(b ? 'git can read the folder now' : now.unreadable ? 'git cannot read the folder now' : 'the folder is gone');
  list('folder problems', shown.folderProblems, now.folderProblems);
  return parts.length > 0 ? parts.join('; ') : 'its details changed';
}
