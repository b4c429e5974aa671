// What every running server does once it accepts connections, however it came up (started afresh or
// taking over in an upgrade): warm up when idle, clean up after servers stopped long ago, stop on signals.

import path from 'node:path';
import { STOPPED_SERVER_CLEANUP_DELAY_MS } from '../../limits.js';
import type { Server } from '../server.js';
import { removeStoppedServerFiles } from './stoppedServerFiles.js';
import { warmUpWanted, warmUpWhenIdle } from './warmUp.js';

/** What every running server does, however it started: warm up, clean up after stopped servers, stop on signals. */
export function serveUntilStopped(server: Server, socketPath: string, log: (text: string) => void): void {
  if (warmUpWanted(process.env)) warmUpWhenIdle({ hasClients: () => server.attachedClients > 0, lastConnectionAt: () => server.lastConnectionAt });
  setTimeout(() => void cleanUpStoppedServers(socketPath, log), STOPPED_SERVER_CLEANUP_DELAY_MS).unref();

  const stop = (signal: string) => {
    log(`stopping on ${signal}`);
    void server.shutdown(`[tessera: the server was stopped (${signal})]`).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => undefined); // no terminal to lose: keep running
  process.on('uncaughtException', (error) => log(`internal error (kept running): ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (error) => log(`internal error (kept running): ${String((error as Error)?.stack ?? error)}`));
}

/** Removes what servers that stopped long ago left beside this one's socket; reports what it removed. */
async function cleanUpStoppedServers(socketPath: string, log: (text: string) => void): Promise<void> {
  try {
    const { removed } = await removeStoppedServerFiles(path.dirname(socketPath), path.basename(socketPath));
    if (removed.length > 0) log(`removed the logs and state of servers stopped long ago: ${removed.join(', ')}`);
  } catch (error) {
    log(`could not clean up after stopped servers: ${(error as Error).message}`);
  }
}
