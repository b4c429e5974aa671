// Paths a user names for a viewer must stay inside the workspace folder: resolved, then checked by
// realpath, so neither `../` nor a symlink can lead out.

import fs from 'node:fs';
import path from 'node:path';
import { RefusedError } from '../refusedError.js';

/** The file's real path, if it is a regular file inside `root`; otherwise a RefusedError saying why. */
export function fileInsideRoot(root: string, baseDir: string, file: string): string {
  if (file === '' || file.includes('\0')) throw new RefusedError('name a file to view');
  let rootReal: string;
  try {
    rootReal = fs.realpathSync(root);
  } catch {
    throw new RefusedError(`the workspace folder ${root} is gone`);
  }
  const target = path.resolve(baseDir, file);
  let real: string;
  try {
    real = fs.realpathSync(target);
  } catch {
    throw new RefusedError(`no such file: ${file}`);
  }
  if (real !== rootReal && !real.startsWith(rootReal + path.sep)) {
    throw new RefusedError(`${file} is outside the workspace folder ${root}: viewers open files inside it only`);
  }
  const stat = fs.statSync(real);
  if (!stat.isFile()) throw new RefusedError(`${file} is not a file`);
  return real;
}
