// The files a server keeps next to its socket: its log (and the rotated copy) and its state directory.

import fs from 'node:fs';

/** The server's log: everything it reports, size-capped (see serverLog.ts). */
export function serverLogPath(socketPath: string): string {
  return `${socketPath}.log`;
}

/** The previous part of the log, kept after a rotation. */
export function rotatedLogPath(socketPath: string): string {
  return `${serverLogPath(socketPath)}.1`;
}

/** The server's state directory (pane pid records, for the sweep after a crash). */
export function serverStateDir(socketPath: string): string {
  return `${socketPath}.d`;
}

/** Enough of the log's end to hold its last line. */
const LOG_TAIL_BYTES = 4096;

/** The last thing the server wrote to its log that says what went wrong (no timestamp, stack or banner). */
export function lastLogLine(socketPath: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(serverLogPath(socketPath), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const size = fs.fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, LOG_TAIL_BYTES));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    const lines = tail
      .toString('utf8')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s|^[{}]|^Node\.js v/.test(line));
    return lines.at(-1)?.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, '');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
