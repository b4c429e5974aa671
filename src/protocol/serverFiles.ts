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

/** A line of the log as this server's logger writes it: after a time stamp. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT[\d:.]+Z /;

/** The last thing the server wrote to its log that says what went wrong (no timestamp, stack or banner). */
export function lastLogLine(socketPath: string): string | undefined {
  return logLines(socketPath, 0)?.at(-1)?.replace(TIMESTAMP, '');
}

/** The log's size now: where a process started now begins to write in it. */
export function logSize(socketPath: string): number {
  try {
    return fs.statSync(serverLogPath(socketPath)).size;
  } catch {
    return 0;
  }
}

/**
 * Why a process started when the log held `since` bytes died, from what it wrote there. The server that started it
 * shares the log and may write meanwhile (every line of its logger has a time stamp): Node's own report of an error
 * thrown as the process starts has none, so the last line without one is the dead process's; else the last line.
 */
export function lastWordsSince(socketPath: string, since: number): string | undefined {
  const lines = logLines(socketPath, since);
  return (lines?.findLast((line) => !TIMESTAMP.test(line)) ?? lines?.at(-1))?.replace(TIMESTAMP, '');
}

/** The log's lines from byte `from` on (at most its last LOG_TAIL_BYTES), less escapes, stacks and banners. */
function logLines(socketPath: string, from: number): string[] | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(serverLogPath(socketPath), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const size = fs.fstatSync(fd).size;
    const start = Math.max(Math.min(from, size), size - LOG_TAIL_BYTES);
    const tail = Buffer.alloc(size - start);
    fs.readSync(fd, tail, 0, tail.length, start);
    return tail
      .toString('utf8')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\s|^[{}]|^Node\.js v/.test(line));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
