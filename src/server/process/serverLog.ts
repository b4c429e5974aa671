// The server's log: every message and everything printed to stdout or stderr goes here, with a size
// cap (cappedFile.ts: past the cap the log becomes `.log.1` and starts again).

import { SERVER_LOG_MAX_BYTES, SERVER_LOG_MAX_LINE_BYTES } from '../../limits.js';
import { openCappedFile } from '../cappedFile.js';

export interface ServerLog {
  /** Writes one timestamped message. */
  message(text: string): void;
  /** Writes raw output (what something printed to stdout or stderr). */
  write(text: string | Uint8Array): void;
}

export interface LogLimits {
  maxBytes: number;
  maxLineBytes: number;
}

export function openServerLog(
  file: string,
  rotatedFile: string,
  limits: LogLimits = { maxBytes: SERVER_LOG_MAX_BYTES, maxLineBytes: SERVER_LOG_MAX_LINE_BYTES },
): ServerLog {
  const log = openCappedFile(file, rotatedFile, limits.maxBytes);
  const write = (data: string | Uint8Array) => {
    let bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    if (bytes.length > limits.maxLineBytes) {
      const cut = bytes.length - limits.maxLineBytes;
      bytes = Buffer.concat([bytes.subarray(0, limits.maxLineBytes), Buffer.from(` … (${cut} more bytes not logged)\n`)]);
    }
    try {
      log.append(bytes);
    } catch {
      // A full disk or a log removed from under us must not stop the server.
    }
  };
  return {
    write,
    message: (text) => write(`${new Date().toISOString()} ${text}\n`),
  };
}

/** Sends everything the process prints (console.*, warnings, library output) through the capped log. */
export function captureProcessOutput(log: ServerLog): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.write = ((chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown) => {
      log.write(chunk);
      const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (typeof done === 'function') done();
      return true;
    }) as typeof stream.write;
  }
}
