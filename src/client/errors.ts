// Errors the client reports as one plain line (no stack trace): the user can act on the message.

export class NoServerError extends Error {}

/** The server refused a command and said why. */
export class CommandError extends Error {}

/** Talking to the server failed at the socket level: refused, reset, no permission, out of descriptors. */
export class ConnectionError extends Error {}

/** One line for a socket error a user can meet, saying what happened and what to do about it. */
export function describeConnectionError(error: unknown, socketPath: string): ConnectionError {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return new ConnectionError(`nothing accepts connections on ${socketPath} (the server is gone); run 'tessera' to start a new one`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new ConnectionError('the server closed the connection (it may be stopping, overloaded or out of file descriptors); try again');
    case 'EACCES':
    case 'EPERM':
      return new ConnectionError(`permission denied on ${socketPath}: it belongs to another user or its directory is not yours`);
    case 'EMFILE':
    case 'ENFILE':
      return new ConnectionError('too many open files (the descriptor limit is reached; see ulimit -n): close some programs and try again');
    case 'EAGAIN':
      return new ConnectionError('the server is not accepting connections fast enough right now; try again');
    case 'ENOENT':
      return new ConnectionError(`no socket at ${socketPath}: no server is running there`);
    default:
      return new ConnectionError(`cannot talk to the server on ${socketPath}: ${(error as Error)?.message ?? String(error)}`);
  }
}
