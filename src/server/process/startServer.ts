// Brings a server up: capped log, settings, orphan sweep, socket; then serves (serving.ts). A server
// started to take over from another (an upgrade) comes up through handover/takeOverServer.ts instead.

import { rotatedLogPath, serverLogPath, serverStateDir } from '../../protocol/serverFiles.js';
import { inspectSocketFile, probeSocket } from '../../protocol/socketSecurity.js';
import { openPidRecords, sweepOrphans } from '../../pty/pidRecords.js';
import { CrashSweepNotice, reportCrashSweep } from './crashSweep.js';
import { serverStateDirectory } from '../../store/stateDir.js';
import { WorkspaceStore } from '../../store/workspaceStore.js';
import { PendingCreates } from '../../store/pendingCreates.js';
import { sweepUnfinishedCreates } from '../records/createManaged.js';
import { RecordKeeper } from '../records/recordKeeper.js';
import { acquireServerLock } from './serverLock.js';
import { Server } from '../server.js';
import { captureProcessOutput, openServerLog } from './serverLog.js';
import { LiveSettings } from '../settings/liveSettings.js';
import { serveUntilStopped } from './serving.js';

export { takeOverServer } from '../handover/takeOverServer.js';

export async function startServer(socketPath: string): Promise<void> {
  const serverLog = openServerLog(serverLogPath(socketPath), rotatedLogPath(socketPath));
  captureProcessOutput(serverLog);
  const log = serverLog.message;
  const settings = new LiveSettings(process.env, log);
  settings.watch();

  // Never sweep the panes of a server that is running: only a dead server's leftovers are orphans.
  if (inspectSocketFile(socketPath).kind === 'socket' && (await probeSocket(socketPath)) === 'accepts') {
    log(`a server is already running on ${socketPath}`);
    process.exit(1);
  }
  const stateDir = serverStateDir(socketPath);
  const serverState = serverStateDirectory(socketPath);
  const lock = await acquireServerLock(serverState, socketPath).catch((error: Error) => {
    log(`cannot lock ${serverState}: ${error.message}`);
    process.exit(1);
  });
  if (!lock.ok) {
    // Another server for the same socket started a moment earlier: the client connects to that one.
    log(`another tessera server (pid ${lock.heldBy}) already serves ${socketPath}; this one exits`);
    process.exit(0);
  }
  process.on('exit', () => lock.release());
  const sweep = await sweepOrphans(stateDir);
  for (const warning of sweep.warnings) log(warning);
  const report = reportCrashSweep(sweep);
  if (report) log(report.message);
  const { records, warnings: recordWarnings } = openPidRecords(stateDir);
  for (const warning of recordWarnings) log(warning);

  const workspaceRecords = new RecordKeeper(new WorkspaceStore(serverState), log, new PendingCreates(serverState));
  workspaceRecords.load();
  const server = new Server({ socketPath, settings, env: process.env, pidRecords: records, log, crashSweep: new CrashSweepNotice(report), records: workspaceRecords });
  await sweepUnfinishedCreates(server.registry, log);
  try {
    await server.listen();
  } catch (error) {
    log(`cannot listen on ${socketPath}: ${(error as Error).message}`);
    process.exit(1);
  }
  log(`tessera server ${process.pid} listening on ${socketPath}`);
  serveUntilStopped(server, socketPath, log);
}
