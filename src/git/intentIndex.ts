// A throwaway copy of the index in which untracked files are marked "intent to add", so that
// `git diff HEAD` shows them as new files. The real index is never touched.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git, gitOk } from './run.js';

/** Untracked, not ignored files (paths relative to `dir`). */
export async function untrackedFiles(dir: string): Promise<string[]> {
  const text = await gitOk(dir, ['ls-files', '--others', '--exclude-standard', '-z']);
  return text.split('\0').filter((f) => f.length > 0);
}

/**
 * Runs `use` with GIT_INDEX_FILE set to a copy of the index in which `untracked` are intent-to-add. `gitDir`, the
 * working tree's own git folder when the caller knows it, saves the git child that finds the index.
 */
export async function withUntrackedIntent<T>(dir: string, untracked: string[], use: (env: Record<string, string>) => Promise<T>, gitDir?: string): Promise<T> {
  if (untracked.length === 0) return use({});
  const realIndex = gitDir !== undefined ? path.join(gitDir, 'index') : path.resolve(dir, (await gitOk(dir, ['rev-parse', '--git-path', 'index'])).trim());
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-index-'));
  const tempIndex = path.join(tempDir, 'index');
  try {
    if (fs.existsSync(realIndex)) {
      fs.copyFileSync(realIndex, tempIndex);
      // The copy keeps the index's own time: git trusts a file's cached stat only when the file is older
      // than the index, so a copy stamped "now" would hide an edit made right after the last index write.
      const { atime, mtime } = fs.statSync(realIndex);
      fs.utimesSync(tempIndex, atime, mtime);
    }
    const env = { GIT_INDEX_FILE: tempIndex };
    // In chunks: a long list must not exceed the argument limit.
    for (let i = 0; i < untracked.length; i += 500) {
      const added = await git(dir, ['add', '--intent-to-add', '--', ...untracked.slice(i, i + 500).map((f) => `:(literal)${f}`)], { env });
      if (added.code !== 0) break; // a file vanished meanwhile: show what we could mark
    }
    return await use(env);
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
