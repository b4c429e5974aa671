// The one step of a landing that changes anything: the target branch moves from its old commit to
// the new one by compare-and-swap (`git update-ref REF NEW OLD` fails if the ref is not at OLD any
// more, and is atomic: a lock file renamed over the ref), then the folder that has the target checked
// out, if it was clean, is brought from OLD to NEW (`git read-tree -m -u OLD NEW`, which refuses
// rather than overwrite a change made meanwhile).
//
// Both run in one child process of their own (its own process group, no timeout, output not needed):
// if the server is killed at any moment, either the child was not started yet (nothing changed), or
// it runs to its end without the server (the ref moved and the checkout followed). A kill can never
// stop between the ref and the checkout. The script is constant; every value reaches it as an argument.

import { spawn } from 'node:child_process';
import { gitEnvironment } from './gitEnv.js';

const APPLY_SCRIPT = [
  'git -C "$1" update-ref -m "$2" "$3" "$4" "$5" || exit 10',
  '[ -n "$6" ] || exit 0',
  // The folder must still have the target checked out (it could have switched since it was looked at).
  '[ "$(git -C "$6" symbolic-ref -q HEAD)" = "$3" ] || exit 21',
  'git -C "$6" read-tree -m -u "$7" "$4" || exit 20',
].join('\n');

export interface LandApply {
  /** Any folder of the repository (refs are shared by its worktrees). */
  dir: string;
  /** `refs/heads/main`. */
  ref: string;
  /** The commit the ref must hold now; '' for "must not exist yet". */
  old: string;
  next: string;
  /** The reflog entry's text. */
  reason: string;
  /** A clean folder that has the target checked out at `from`: its files follow the ref. */
  checkout?: { path: string; from: string };
}

export type LandApplied =
  | { moved: true; checkout: 'updated' | 'none' }
  /** The ref moved; the checkout's files were left at the old commit (why: `detail`). */
  | { moved: true; checkout: 'left'; detail: string }
  /** Nothing changed (the ref was not where it was expected, or git could not lock it). */
  | { moved: false; detail: string };

export function applyLanding(a: LandApply): Promise<LandApplied> {
  return new Promise((resolve, reject) => {
    const args = [a.dir, a.reason, a.ref, a.next, a.old, a.checkout?.path ?? '', a.checkout?.from ?? ''];
    const child = spawn('sh', ['-c', APPLY_SCRIPT, 'tessera-land', ...args], {
      env: gitEnvironment(process.env),
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const detail = stderr.trim().split('\n').filter((l) => l.length > 0 && !l.startsWith('hint:'))[0] ?? `status ${code}`;
      if (code === 0) resolve({ moved: true, checkout: a.checkout ? 'updated' : 'none' });
      else if (code === 21) resolve({ moved: true, checkout: 'left', detail: 'it has another branch checked out now' });
      else if (code === 20) resolve({ moved: true, checkout: 'left', detail });
      // 10 (update-ref refused), or the child ended some other way: the caller reads the ref to be sure.
      else resolve({ moved: false, detail });
    });
  });
}
