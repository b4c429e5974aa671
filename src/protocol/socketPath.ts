// Where a server's socket lives, and the permission checks that keep other users out of it.

import fs from 'node:fs';
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

/**
 * Makes sure the socket's directory exists and only its owner can write to it.
 * The per-user directory is created with mode 0700; a directory given with -S must already exist.
 */
export function prepareSocketDirectory(socketPath: string, env: NodeJS.ProcessEnv = process.env): void {
  const dir = path.dirname(socketPath);
  const isDefaultDir = dir === socketDirectory(env);
  if (isDefaultDir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkDirectory(dir, isDefaultDir);
}

function checkDirectory(dir: string, mustBePrivate: boolean): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new SocketPathError(`socket directory ${dir} does not exist`);
  }
  if (!stat.isDirectory()) throw new SocketPathError(`${dir} is not a directory`);
  const uid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
  if (stat.uid !== uid) throw new SocketPathError(`socket directory ${dir} belongs to another user (uid ${stat.uid})`);
  const mode = stat.mode & 0o777;
  const unsafe = mustBePrivate ? (mode & 0o077) !== 0 : (mode & 0o022) !== 0;
  if (unsafe) {
    const expected = mustBePrivate ? '0700' : 'not writable by group or others';
    throw new SocketPathError(
      `socket directory ${dir} has unsafe permissions (${mode.toString(8).padStart(4, '0')}; expected ${expected}): others could reach your panes`,
    );
  }
}
