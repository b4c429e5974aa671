// The files a server keeps next to its socket: its log (and the rotated copy) and its state directory.

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
