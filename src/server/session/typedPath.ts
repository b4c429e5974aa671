// A path as a user types it in a dialog: `~` means their home, a relative path starts at the workspace's folder.

import fs from 'node:fs';
import path from 'node:path';

export function resolveTypedPath(text: string, base: string, home: string | undefined): string {
  const typed = text.trim();
  if (home && (typed === '~' || typed.startsWith('~/'))) return path.join(home, typed.slice(1));
  return path.resolve(base, typed);
}

/** True when `dir` or a folder above it holds `.git` (a quick guess, without running git, that it is in a repository). */
export function looksLikeRepo(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, '.git'))) return true;
    if (path.dirname(current) === current) return false;
  }
}
