// Keeping a damaged file's bytes out of the way: renamed to a name that says it is corrupt, never deleted.

import fs from 'node:fs';
import path from 'node:path';

/** Renames `file` to `FILE.corrupt-<time>` in the same directory and returns the new path. */
export function moveAside(file: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let target = `${file}.corrupt-${stamp}`;
  for (let n = 2; fs.existsSync(target); n++) target = `${file}.corrupt-${stamp}-${n}`;
  fs.renameSync(file, target);
  return target;
}

/** True for a file name moveAside produced: never read again as a record. */
export function isMovedAside(name: string): boolean {
  return /\.corrupt-[0-9TZ-]+(-\d+)?$/.test(name) || path.extname(name).startsWith('.corrupt');
}
