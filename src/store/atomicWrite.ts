// Writing a file so that a crash at any moment leaves either the old contents or the new, never half.

import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Makes each temporary file's name unique within this process, even for two writes in one millisecond. */
let tempCount = 0;

/** `.NAME.PID.NUMBER.tmp` beside `file` (isLeftoverTemp knows the form). */
function tempFor(file: string): string {
  tempCount = (tempCount + 1) % 1000;
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}${String(tempCount).padStart(3, '0')}.tmp`);
}

/**
 * Writes `data` to a temporary file beside `file`, flushes it to disk, renames it over `file`, then
 * flushes the directory so the rename itself survives a power loss. Mode 0600: records can hold
 * prompts and paths the user may not want others to read. Waits for the disk: see
 * writeFileAtomicInBackground for a write that leaves the event loop free meanwhile.
 */
export function writeFileAtomic(file: string, data: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = tempFor(file);
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

/**
 * writeFileAtomic with every wait on the disk (the writes, the two flushes) done off the event loop: a flush can
 * take tens of milliseconds on a quiet disk and seconds on a busy one, and a server must not stop reading keys
 * meanwhile. The rename comes last, once the data is on disk, and only if `stillWanted()` says so at that moment:
 * checked and renamed in one go, so a later write (which made it false) can never be overwritten by this one.
 * True when the file was replaced, false when the write was no longer wanted (nothing changed); throws (the old
 * file intact) when the disk refused.
 */
export async function writeFileAtomicInBackground(file: string, data: string, stillWanted: () => boolean): Promise<boolean> {
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = tempFor(file);
  const handle = await fsp.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fsp.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  if (!stillWanted()) {
    await fsp.rm(temp, { force: true });
    return false;
  }
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  await syncDirectoryInBackground(dir);
  return true;
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

async function syncDirectoryInBackground(dir: string): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(dir, 'r');
    await handle.sync();
  } catch {
    // As in syncDirectory.
  } finally {
    await handle?.close();
  }
}

/** Temporary files a crash left behind (`.NAME.PID.NUMBER.tmp`): safe to delete, they never replaced anything. */
export function isLeftoverTemp(name: string): boolean {
  return /^\..+\.\d+\.\d+\.tmp$/.test(name);
}
