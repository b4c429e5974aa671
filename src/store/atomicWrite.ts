// Writing a file so that a crash at any moment leaves either the old contents or the new, never half.

import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes `data` to a temporary file beside `file`, flushes it to disk, renames it over `file`, then
 * flushes the directory so the rename itself survives a power loss. Mode 0600: records can hold
 * prompts and paths the user may not want others to read.
 */
export function writeFileAtomic(file: string, data: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  syncDirectory(dir);
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some filesystems cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Temporary files a crash left behind (`.NAME.PID.TIME.tmp`): safe to delete, they never replaced anything. */
export function isLeftoverTemp(name: string): boolean {
  return /^\..+\.\d+\.\d+\.tmp$/.test(name);
}
