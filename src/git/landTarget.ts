// The branch a workspace lands into: a local branch, or (a clone made with --branch has none) origin's
// branch of that name, which the landing then creates locally. A base recorded as `origin/main`
// lands into the local `main`.

import { commitOf } from './repo.js';

export interface LandTarget {
  /** Short name (`main`). */
  branch: string;
  /** `refs/heads/main`. */
  ref: string;
  /** The commit the ref holds now; '' when it does not exist yet (landing creates it, and only if it still does not exist). */
  old: string;
  /** The commit the landing builds on: `old`, or origin's when the local branch does not exist yet. */
  commit: string;
  /** `origin/main` when the local branch is made from it. */
  fromRemote?: string;
}

export async function landTarget(dir: string, name: string): Promise<LandTarget | undefined> {
  const local = await commitOf(dir, `refs/heads/${name}`);
  if (local) return { branch: name, ref: `refs/heads/${name}`, old: local, commit: local };
  const remote = await commitOf(dir, `refs/remotes/origin/${name}`);
  if (remote) return { branch: name, ref: `refs/heads/${name}`, old: '', commit: remote, fromRemote: `origin/${name}` };
  if (name.startsWith('origin/') && name.length > 'origin/'.length) return landTarget(dir, name.slice('origin/'.length));
  return undefined;
}
