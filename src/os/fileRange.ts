// Reading part of a file that another process appends to (a log), for the server, the command line
// and the logs viewer alike: its size now, and a range of its bytes, never more than asked for.

import fs from 'node:fs';

/** The file's size now; 0 when it is missing or unreadable. */
export function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Bytes `from` to `to` of the file (fewer when it is shorter now; none when it cannot be read). */
export function readRange(file: string, from: number, to: number): Buffer {
  if (to <= from) return Buffer.alloc(0);
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const buffer = Buffer.alloc(to - from);
    const read = fs.readSync(fd, buffer, 0, buffer.length, from);
    return buffer.subarray(0, read);
  } catch {
    return Buffer.alloc(0);
  } finally {
    fs.closeSync(fd);
  }
}
