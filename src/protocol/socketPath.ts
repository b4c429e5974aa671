// Where a server's socket lives (-L NAME, -S PATH); socketSecurity.ts checks that nobody else can reach it.

import os from 'node:os';
import path from 'node:path';

export const DEFAULT_SOCKET_NAME = 'default';
const SOCKET_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Unix socket paths longer than this do not fit in sockaddr_un on Linux. */
const MAX_SOCKET_PATH = 107;

export class SocketPathError extends Error {}

export interface SocketChoice {
  /** -L NAME */
  name?: string;
  /** -S PATH */
  path?: string;
}

/** The per-user directory that holds named sockets: $TESSERA_TMPDIR (or the system temp dir)/tessera-UID. */
export function socketDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.TESSERA_TMPDIR && env.TESSERA_TMPDIR.length > 0 ? env.TESSERA_TMPDIR : os.tmpdir();
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(path.resolve(base), `tessera-${uid}`);
}

/** Resolves -L / -S to an absolute socket path without touching the filesystem. */
export function resolveSocketPath(choice: SocketChoice, env: NodeJS.ProcessEnv = process.env): string {
  if (choice.path !== undefined) {
    if (choice.path.length === 0) throw new SocketPathError('-S needs a socket path');
    return checkLength(path.resolve(choice.path));
  }
  const name = choice.name ?? DEFAULT_SOCKET_NAME;
  if (!SOCKET_NAME_PATTERN.test(name)) {
    throw new SocketPathError(`invalid socket name '${name}': use letters, digits, '.', '_' or '-' (at most 64)`);
  }
  return checkLength(path.join(socketDirectory(env), name));
}

function checkLength(socketPath: string): string {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new SocketPathError(`socket path is too long for a Unix socket (${socketPath.length} > ${MAX_SOCKET_PATH}): ${socketPath}`);
  }
  return socketPath;
}
