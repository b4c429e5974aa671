// Brings a server up: settings, prefix key, orphan sweep, socket; and takes it down on signals.

import { openPidRecords, sweepOrphans } from '../pty/pidRecords.js';
import { Server } from './server.js';
import { LiveSettings } from './settings/liveSettings.js';
import { warmUpWhenIdle } from './warmUp.js';

export async function startServer(socketPath: string): Promise<void> {
  const log = (text: string) => process.stderr.write(`${new Date().toISOString()} ${text}\n`);
  const settings = new LiveSettings(process.env, log);
  settings.watch();

  const stateDir = `${socketPath}.d`;
  const sweep = await sweepOrphans(stateDir);
  for (const warning of sweep.warnings) log(warning);
  if (sweep.killed.length > 0) log(`ended ${sweep.killed.length} pane process group(s) left behind by a server that crashed`);
  const { records, warnings: recordWarnings } = openPidRecords(stateDir);
  for (const warning of recordWarnings) log(warning);

  const server = new Server(socketPath, settings, process.env, records, log);
  try {
    await server.listen();
  } catch (error) {
    log(`cannot listen on ${socketPath}: ${(error as Error).message}`);
    process.exit(1);
  }
  log(`tessera server ${process.pid} listening on ${socketPath}`);
  warmUpWhenIdle(() => server.attachedClients > 0);

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

