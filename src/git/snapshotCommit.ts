// A commit of a working tree as it is now (tracked changes, staged or not, and untracked files that
// are not ignored) on top of HEAD, made without touching the folder, its index or any ref: the index
// is copied to a throwaway file (GIT_INDEX_FILE), `git add -A` runs on the copy, and the tree it
// writes becomes a commit no ref points at (git's gc removes it in time). What the conflict radar
// merges to see whether two workspaces collide.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitOk } from './run.js';

/** Who the throwaway commit is by: nothing reads it, but commit-tree refuses to run without a name. */
const SNAPSHOT_IDENTITY = { GIT_AUTHOR_NAME: 'tessera', GIT_AUTHOR_EMAIL: 'tessera@localhost', GIT_COMMITTER_NAME: 'tessera', GIT_COMMITTER_EMAIL: 'tessera@localhost' };

/** The commit, and its tree (equal trees: nothing changed since the last snapshot). */
export async function snapshotCommit(dir: string, head: string, gitDir?: string): Promise<{ commit: string; tree: string }> {
  // The working tree's own git folder holds its index (a caller that knows it saves a git child).
  const realIndex = gitDir !== undefined ? path.join(gitDir, 'index') : path.resolve(dir, (await gitOk(dir, ['rev-parse', '--git-path', 'index'])).trim());
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-snapshot-'));
  const tempIndex = path.join(tempDir, 'index');
  try {
    if (fs.existsSync(realIndex)) {
      fs.copyFileSync(realIndex, tempIndex);
      // The copy keeps the index's own time, so git still re-reads a file edited after the last index write.
      const { atime, mtime } = fs.statSync(realIndex);
      fs.utimesSync(tempIndex, atime, mtime);
    }
    const env = { GIT_INDEX_FILE: tempIndex, ...SNAPSHOT_IDENTITY };
    await gitOk(dir, ['add', '-A', '--', ':/'], { env });
    const tree = (await gitOk(dir, ['write-tree'], { env })).trim();
    const commit = (await gitOk(dir, ['commit-tree', tree, '-p', head, '-m', 'tessera: working tree snapshot'], { env })).trim();
    return { commit, tree };
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
