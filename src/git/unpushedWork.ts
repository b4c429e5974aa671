// Commits that exist only here: reachable from a local branch, a tag or HEAD, and from no
// remote-tracking branch. What counts depends on what the action destroys: deleting a clone loses
// every ref in it; a worktree shares its repository's refs, so only what its HEAD holds is counted.
// (Stashes are counted on their own, see preflight.ts.)

import { currentBranch, headCommit } from './repo.js';
import { gitOk } from './run.js';

export interface UnpushedWork {
  /** Commits no remote has (none configured: commits not on the base, or every commit of a clone). */
  commits: number;
  /** Where they are: `branch side`, `tag v1`, `detached HEAD`. */
  refs: string[];
}

export interface UnpushedScope {
  /** `repository`: every local branch and tag and HEAD (a clone); `head`: HEAD alone (a worktree). */
  scope: 'repository' | 'head';
  /** What is backed up: `remotes` (every remote-tracking branch), a base branch, or nothing at all. */
  against: { remotes: true } | { base: string } | null;
}

export async function unpushedWork(dir: string, options: UnpushedScope): Promise<UnpushedWork> {
  const head = await headCommit(dir);
  const branch = head ? await currentBranch(dir) : undefined;
  const positives = options.scope === 'repository' ? [...(head ? ['HEAD'] : []), '--branches', '--tags'] : head ? ['HEAD'] : [];
  if (positives.length === 0) return { commits: 0, refs: [] };
  const negatives = options.against === null ? [] : 'remotes' in options.against ? ['--remotes'] : [options.against.base];
  if (negatives.length === 0) {
    // Nothing is backed up: every commit counts, and every ref holds some (no list of ids needed).
    const count = Number((await gitOk(dir, ['rev-list', '--count', ...positives])).trim()) || 0;
    const refs = options.scope === 'repository' ? (await localRefs(dir)).map((r) => r.name) : [headName(branch)];
    return { commits: count, refs: count > 0 ? refs : [] };
  }
  const ids = new Set((await gitOk(dir, ['rev-list', ...positives, '--not', ...negatives])).split('\n').filter((l) => l.length > 0));
  if (ids.size === 0) return { commits: 0, refs: [] };
  // A ref holds unpushed commits exactly when its tip is one (a tip a remote has brings all its ancestors along).
  const refs: string[] = [];
  if (options.scope === 'repository') {
    for (const ref of await localRefs(dir)) if (ids.has(ref.commit)) refs.push(ref.name);
    if (head && branch === undefined && ids.has(head)) refs.push('detached HEAD');
  } else refs.push(headName(branch));
  return { commits: ids.size, refs };
}

const headName = (branch: string | undefined): string => (branch === undefined ? 'detached HEAD' : `branch ${branch}`);

/** Local branches and tags with the commit each points at (an annotated tag's, peeled). */
async function localRefs(dir: string): Promise<{ name: string; commit: string }[]> {
  const text = await gitOk(dir, ['for-each-ref', '--format=%(objectname) %(*objectname) %(refname)', 'refs/heads', 'refs/tags']);
  const refs: { name: string; commit: string }[] = [];
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]*) (refs\/(heads|tags)\/.+)$/.exec(line);
    if (!match) continue;
    const [, object, peeled, ref, kind] = match as unknown as [string, string, string, string, string];
    const short = ref.slice(kind === 'heads' ? 'refs/heads/'.length : 'refs/tags/'.length);
    refs.push({ name: `${kind === 'heads' ? 'branch' : 'tag'} ${short}`, commit: peeled || object });
  }
  return refs;
}
