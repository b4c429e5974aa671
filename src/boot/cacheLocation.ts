// Where V8's code cache is kept: in dist/cache beside the code it was made from, or, when that folder
// cannot be written (a package installed by root and run by a user), in the user's own cache folder.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function codeCacheDir(distDir: string, env: NodeJS.ProcessEnv = process.env, canWrite: (dir: string) => boolean = writable): string {
  const beside = path.join(distDir, 'cache');
  if (canWrite(beside) || (!fs.existsSync(beside) && canWrite(distDir))) return beside;
  const userCache = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(userCache, 'tessera', 'code-cache');
}

function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
