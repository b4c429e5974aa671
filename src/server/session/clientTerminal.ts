// Opening an attached client's own terminal in the server (the tmux model: the server reads keys from
// and writes frames to the terminal itself). The client names its terminal (see
// src/client/outputTerminal.ts); the server opens that path and checks it is the very file the
// client has open (same device and inode), so a stale or wrong path is never read or written.

import fs from 'node:fs';
import tty from 'node:tty';
import type { OutputTerminal } from '../../protocol/messages.js';

/**
 * Opens `terminal` with `access` (O_RDONLY or O_WRONLY) and returns the descriptor, or throws with the
 * reason. Always O_NOCTTY (it never becomes the server's controlling terminal) and O_NONBLOCK (on
 * the server's own open file description, so the client's descriptors keep their flags).
 */
export function openClientTerminal(terminal: OutputTerminal, access: number): number {
  const fd = fs.openSync(terminal.path, access | fs.constants.O_NOCTTY | fs.constants.O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    if (!stat.isCharacterDevice() || !tty.isatty(fd) || String(stat.dev) !== terminal.dev || String(stat.ino) !== terminal.ino) {
      throw new Error(`${terminal.path} is not the client's terminal`);
    }
    return fd;
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/** The descriptor libuv's stream uses: it may have opened the terminal again for a file description of its own. */
export function streamFd(stream: tty.ReadStream | tty.WriteStream): number | undefined {
  return (stream as unknown as { _handle?: { fd?: number } })._handle?.fd;
}
