// The checks that keep other local users away from a server's socket, used by client and server alike.
//
// The guarantee rests on the directory: a socket is only ever used inside a directory that is the
// user's own, not a symbolic link, and that nobody else may enter (mode 0700). Then nobody else can
// connect to the socket, replace it, or plant one of their own between a check and its use. The
// socket itself must belong to the user too (checked with lstat before anything is sent), and it is
// created private (umask 0177 around bind), never made private afterwards with chmod.

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SocketPathError, socketDirectory } from './socketPath.js';

/** A socket or its directory that someone else could reach or that is not tessera's: refused. */
export class SocketSecurityError extends SocketPathError {}

/** The socket at the path changed between checking it and connecting; nothing was sent to it. */
export class SocketReplacedError extends SocketSecurityError {}

/** A live server already answers on the path we were asked to listen on. */
export class ServerRunningError extends SocketPathError {}

/** Bits a private directory or socket must not have: any access for group or others. */
const GROUP_AND_OTHER_BITS = 0o077;
/** A sticky or world-writable directory (like /tmp) is meant to be shared: never a place for a socket. */
const SHARED_DIRECTORY_BITS = 0o1002;
/** Umask in effect while the socket is bound, so it is born rw for its owner only (0600). */
const PRIVATE_SOCKET_UMASK = 0o177;

/** What lstat found at the socket path: nothing yet, or a socket that is ours (identified by device and inode). */
export type SocketFile = { kind: 'absent' } | { kind: 'socket'; dev: number; ino: number };

const currentUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

/**
 * Checks the directory that holds `socketPath`: the user's own, a real directory (not a link), mode
 * 0700 or stricter. The per-user default directory is created first when `create` is set (without
 * it, 'missing' means no server has run there yet); a directory chosen with -S is never created.
 */
export function secureSocketDirectory(socketPath: string, options: { create: boolean; env?: NodeJS.ProcessEnv }): 'ready' | 'missing' {
  const dir = path.dirname(socketPath);
  const isDefault = dir === socketDirectory(options.env ?? process.env);
  if (options.create && isDefault) createPrivateDirectory(dir);
  if (!options.create && isDefault && !exists(dir)) return 'missing';
  checkDirectory(socketPath, isDefault);
  return 'ready';
}

function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function createPrivateDirectory(dir: string): void {
  // Parents that do not exist yet (a TESSERA_TMPDIR of your choosing) are made private too: a folder
  // others could enter and rename within would let them swap the socket directory.
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  try {
    // Born private (the umask can only remove bits from 0700); an existing one is checked below.
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function checkDirectory(socketPath: string, isDefault: boolean): void {
  const dir = path.dirname(socketPath);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new SocketSecurityError(`cannot check socket directory ${dir}: ${(error as Error).message}`);
    if (isDefault) throw new SocketPathError(`socket directory ${dir} does not exist`);
    throw new SocketSecurityError(`socket directory ${dir} does not exist; create it private first: mkdir -m 700 ${dir}`);
  }
  if (stat.isSymbolicLink()) {
    throw new SocketSecurityError(`socket directory ${dir} is a symbolic link, which could lead anywhere; remove it (rm ${dir}) and try again`);
  }
  if (!stat.isDirectory()) throw new SocketSecurityError(`socket directory ${dir} is not a directory; move it away (mv ${dir} ${dir}.old) and try again`);
  if ((stat.mode & SHARED_DIRECTORY_BITS) !== 0) {
    throw new SocketSecurityError(
      `socket directory ${dir} is shared with other users (mode ${octal(stat.mode)}); keep sockets in a directory of your own, e.g.: mkdir -m 700 ~/.tessera-sockets && tessera -S ~/.tessera-sockets/${path.basename(socketPath)}`,
    );
  }
  const uid = currentUid();
  if (uid !== undefined && stat.uid !== uid) {
    const where = isDefault ? 'or set TESSERA_TMPDIR to a directory of your own' : 'or use -S with a directory of your own';
    throw new SocketSecurityError(
      `socket directory ${dir} belongs to another user (uid ${stat.uid}, you are uid ${uid}): someone may be trying to intercept your session; do not use it: ask an administrator to remove it, ${where}`,
    );
  }
  if ((stat.mode & GROUP_AND_OTHER_BITS) !== 0) {
    throw new SocketSecurityError(
      `socket directory ${dir} can be entered by other users (mode ${octal(stat.mode)}); make it private with: chmod 700 ${dir}`,
    );
  }
}

/**
 * What is at the socket path, without following links. Anything but nothing or a socket of the
 * user's own (a regular file, a directory, a link, someone else's socket) is refused: tessera never
 * talks to it and never replaces it.
 */
export function inspectSocketFile(socketPath: string): SocketFile {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    throw new SocketSecurityError(`cannot check socket ${socketPath}: ${(error as Error).message}`);
  }
  if (!stat.isSocket()) {
    throw new SocketSecurityError(`${socketPath} is ${describeFileType(stat)}, not a tessera socket; tessera will not use or replace it: choose another path with -S`);
  }
  const uid = currentUid();
  if (uid !== undefined && stat.uid !== uid) {
    throw new SocketSecurityError(
      `socket ${socketPath} belongs to another user (uid ${stat.uid}, you are uid ${uid}); tessera will not talk to it: remove it (rm ${socketPath}) or choose another path`,
    );
  }
  return { kind: 'socket', dev: stat.dev, ino: stat.ino };
}

function describeFileType(stat: fs.Stats): string {
  if (stat.isFile()) return 'a regular file';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a socket';
}

/** After connecting: the socket we connected to is still the one we checked (same device and inode, still ours). */
export function assertSameSocket(socketPath: string, checked: SocketFile): void {
  const now = inspectSocketFile(socketPath);
  if (checked.kind !== 'socket' || now.kind !== 'socket' || now.dev !== checked.dev || now.ino !== checked.ino) {
    throw new SocketReplacedError(`socket ${socketPath} was replaced while tessera connected to it; try again, and check who else can write to ${path.dirname(socketPath)}`);
  }
}

/**
 * Makes the socket path free for a new server: nothing there, or a socket of ours that nothing
 * accepts on (the leftover of a server that died), which is removed. A live server is an error.
 */
export async function claimSocketPath(socketPath: string): Promise<{ replacedStale: boolean }> {
  const found = inspectSocketFile(socketPath);
  if (found.kind === 'absent') return { replacedStale: false };
  const answer = await probeSocket(socketPath);
  if (answer === 'accepts') throw new ServerRunningError(`a server is already running on ${socketPath}`);
  if (answer !== 'refused') {
    throw new SocketSecurityError(`cannot tell whether the socket ${socketPath} is still in use (${answer}); tessera leaves it alone`);
  }
  // Between the probe and here only the user could have replaced it (the directory is private).
  assertSameSocket(socketPath, found);
  fs.unlinkSync(socketPath);
  return { replacedStale: true };
}

/** Whether something accepts connections on the socket: 'accepts', 'refused' (proven stale), or the error code. */
export function probeSocket(socketPath: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepts');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)));
  });
}

/** Binds the server to the socket with a umask that makes the socket private from its first instant. */
export function listenPrivately(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    const previous = process.umask(PRIVATE_SOCKET_UMASK);
    try {
      // For a Unix socket, Node binds synchronously inside listen(): the umask covers the bind.
      server.listen(socketPath, () => {
        server.off('error', onError);
        resolve();
      });
    } finally {
      process.umask(previous);
    }
  });
}
