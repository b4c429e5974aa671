// Finds the server behind a socket path, starting one when asked and none is running.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_START_TIMEOUT_MS } from '../limits.js';
import { prepareSocketDirectory } from '../protocol/socketPath.js';

/** Pause between connection attempts while a new server starts up. */
const START_POLL_MS = 10;

import { NoServerError } from './errors.js';

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

function isAbsent(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}

/** Connects to a running server, or fails with NoServerError. */
export async function connectToServer(socketPath: string, serverLabel: string): Promise<net.Socket> {
  try {
    return await tryConnect(socketPath);
  } catch (error) {
    if (isAbsent(error)) throw new NoServerError(`no server running (${serverLabel})`);
    throw error;
  }
}

/** Connects to the server, starting it first when none runs (or only a stale socket is left). */
export async function connectOrStartServer(socketPath: string, env: NodeJS.ProcessEnv): Promise<net.Socket> {
  try {
    return await tryConnect(socketPath);
  } catch (error) {
    if (!isAbsent(error)) throw error;
  }
  prepareSocketDirectory(socketPath, env);
  startServer(socketPath, env);
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await tryConnect(socketPath);
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, START_POLL_MS));
    }
  }
  const log = serverLogPath(socketPath);
  throw new Error(
    `the server did not start within ${SERVER_START_TIMEOUT_MS} ms (${String((lastError as Error)?.message ?? lastError)}); see ${log}`,
  );
}

export function serverLogPath(socketPath: string): string {
  return `${socketPath}.log`;
}

function startServer(socketPath: string, env: NodeJS.ProcessEnv): void {
  const entry = fileURLToPath(new URL('../server/main.js', import.meta.url));
  const logFd = fs.openSync(serverLogPath(socketPath), 'a', 0o600);
  const child = spawn(process.execPath, [entry, socketPath], {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env,
    cwd: path.parse(socketPath).root,
  });
  child.unref();
  fs.closeSync(logFd);
}
