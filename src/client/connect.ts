// Finds the server behind a socket path, starting one when asked and none is running. Every
// connection is checked first (see socketSecurity.ts): the directory and the socket must be the
// user's own, so nothing is ever sent to a socket someone else planted.

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS, SERVER_START_TIMEOUT_MS } from '../limits.js';
import { withHeldVariables } from '../boot/heldEnv.js';
import { lastLogLine, serverLogPath } from '../protocol/serverFiles.js';
import { assertSameSocket, inspectSocketFile, secureSocketDirectory, SocketReplacedError, type SocketFile } from '../protocol/socketSecurity.js';
import { NoServerError, describeConnectionError } from './errors.js';

/** Pause between connection attempts while a new server starts up. */
const START_POLL_MS = 5;

function tryConnect(socketPath: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const onError = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      socket.off('error', onError);
      resolve(socket);
    });
  });
}

/** Connects to the socket that was checked, and makes sure it is still that one before anything is sent. */
async function connectChecked(socketPath: string, checked: SocketFile): Promise<net.Socket> {
  const socket = await tryConnect(socketPath);
  try {
    assertSameSocket(socketPath, checked);
  } catch (error) {
    socket.destroy();
    throw error;
  }
  return socket;
}

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException)?.code;

/** The connected socket; undefined when nothing listens there (yet); a one-line error for anything else. */
async function connectIfListening(socketPath: string, checked: SocketFile): Promise<net.Socket | undefined> {
  try {
    return await connectChecked(socketPath, checked);
  } catch (error) {
    const code = errorCode(error);
    if (code === undefined) throw error;
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return undefined;
    throw describeConnectionError(error, socketPath);
  }
}

/**
 * connectIfListening while a server we started takes over the path: the socket a crashed server
 * left may be replaced by the new one between checking it and connecting (after `kill -9`, the
 * first command raced the server it started). Nothing was sent to it, and the next attempt checks
 * the new socket from the start, so that is not an error but a reason to look again.
 */
export async function connectReplaceable(socketPath: string, checked: SocketFile): Promise<net.Socket | undefined> {
  try {
    return await connectIfListening(socketPath, checked);
  } catch (error) {
    if (error instanceof SocketReplacedError) return undefined;
    throw error;
  }
}

/** Connects to a running server, or fails with NoServerError. */
export async function connectToServer(socketPath: string, serverLabel: string, env: NodeJS.ProcessEnv = process.env): Promise<net.Socket> {
  if (secureSocketDirectory(socketPath, { create: false, env }) === 'missing') throw new NoServerError(`no server running (${serverLabel})`);
  const file = inspectSocketFile(socketPath);
  if (file.kind === 'absent') throw new NoServerError(`no server running (${serverLabel})`);
  const socket = await connectIfListening(socketPath, file);
  if (!socket) throw new NoServerError(`no server running (${serverLabel})`);
  return socket;
}

/** Connects to the server, starting it first when none runs (or only a stale socket is left). */
export async function connectOrStartServer(socketPath: string, env: NodeJS.ProcessEnv): Promise<net.Socket> {
  secureSocketDirectory(socketPath, { create: true, env });
  const file = inspectSocketFile(socketPath);
  if (file.kind === 'socket') {
    const socket = await connectIfListening(socketPath, file);
    if (socket) return socket;
  }
  const server = await startServer(socketPath, env);
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    // Exit status 0 before listening: another server for this socket started a moment earlier (two
    // clients starting at once) and this one gave way; keep waiting for that one's socket.
    if (server.signalCode !== null || (server.exitCode !== null && server.exitCode !== 0)) {
      // It stopped before accepting anyone: say why at once instead of waiting for the deadline.
      throw new NoServerError(`the server could not start: ${lastLogLine(socketPath) ?? 'it exited'} (log: ${serverLogPath(socketPath)})`);
    }
    const now = inspectSocketFile(socketPath);
    if (now.kind === 'socket') {
      const socket = await connectReplaceable(socketPath, now);
      if (socket) return socket;
    }
    await new Promise((resolve) => setTimeout(resolve, START_POLL_MS));
  }
  throw new NoServerError(`the server did not start within ${SERVER_START_TIMEOUT_MS} ms; see ${serverLogPath(socketPath)}`);
}

async function startServer(socketPath: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // Loaded here: node:child_process costs every control command ~2 ms, and only a start needs it.
  const { spawn } = await import('node:child_process');
  const entry = fileURLToPath(new URL('../server/main.cjs', import.meta.url));
  // Until the server takes over its log (serverLog.ts), a crash at start-up still lands in the file.
  const flags = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW;
  const logFd = fs.openSync(serverLogPath(socketPath), flags, 0o600);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraServerFlags(env), entry, socketPath], {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...withHeldVariables(env), ...SERVER_ENV },
    cwd: path.parse(socketPath).root,
  });
  child.unref();
  fs.closeSync(logFd);
  return child;
}

/**
 * Node flags for the server from TESSERA_SERVER_NODE_FLAGS (space-separated, each starting with --), for
 * profiling it: `TESSERA_SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`. A word of another
 * form leaves them all out, and says so: the server then starts with its usual flags.
 */
function extraServerFlags(env: NodeJS.ProcessEnv): string[] {
  const flags = env.TESSERA_SERVER_NODE_FLAGS?.split(/\s+/).filter((flag) => flag !== '') ?? [];
  const wrong = flags.find((flag) => !/^--[a-z][a-z0-9-]*(=\S+)?$/.test(flag));
  if (wrong === undefined) return flags;
  process.stderr.write(`tessera: TESSERA_SERVER_NODE_FLAGS left out: ${JSON.stringify(wrong)} is not --flag or --flag=value\n`);
  return [];
}
