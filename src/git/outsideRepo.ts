// A folder git said is in no repository, remembered without asking git again: it stays outside while
// no `.git` (a folder, or a worktree's file) appears or changes in it or any folder above it, and the
// folder itself is the same one. `ls` and the radar ask about every workspace folder; a folder that is
// not a repository (an adopted scratch folder) otherwise cost a git child each time.

import fs from 'node:fs';
import path from 'node:path';

/** The stamps that would move if the folder came to be in a repository; compared, never parsed. */
export function outsideSignature(dir: string): string {
  const stamps: string[] = [stamp(dir)];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    stamps.push(stamp(path.join(d, '.git')));
    if (path.dirname(d) === d) break;
  }
  return stamps.join('|');
}

function stamp(file: string): string {
  try {
    const s = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.ino}:${s.mtimeNs}:${s.ctimeNs}` : '-';
  } catch {
    return '?';
  }
}

/** git's own words for a folder outside every repository (`rev-parse` there). */
export function saysOutsideRepo(stderr: string): boolean {
  return /not a git repository/i.test(stderr);
}
