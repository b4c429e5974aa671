// An upgrade, on the side of the new server (started by the old one with `--take-over`, the listening
// socket and every PTY inherited as descriptors): it checks the state it is sent, rebuilds every
// workspace and pane around the running programs, and says `ready` having read, written and bound
// nothing. Only on `go` does it take over: it writes the input the old server had queued, reads the
// PTYs, records the panes' pids, accepts on the socket, takes the server lock and says `serving`.
// Anything that goes wrong before that is told to the old server, and this process exits without
// touching a pane (a pane's program is only ever ended by a pane closing, which never happens here).

import fs from 'node:fs';
import net from 'node:net';
import tty from 'node:tty';
import { HANDOVER_STATE_TIMEOUT_MS } from '../../limits.js';
import { parseHandoverCommand, parseHandoverMessage, type HandoverMessage, type HandoverPane, type HandoverReply } from '../../protocol/handover.js';
import { PROTOCOL_VERSION } from '../../protocol/messages.js';
import { rotatedLogPath, serverLogPath, serverStateDir } from '../../protocol/serverFiles.js';
import { AdoptedPty } from '../../pty/adoptedPty.js';
import { openPidRecords } from '../../pty/pidRecords.js';
import { PendingCreates } from '../../store/pendingCreates.js';
import { serverStateDirectory } from '../../store/stateDir.js';
import { WorkspaceStore } from '../../store/workspaceStore.js';
import { VERSION } from '../../version.js';
import { absentProcess } from '../panes/absentProcess.js';
import { RecordKeeper } from '../records/recordKeeper.js';
import { Server } from '../server.js';
import { takeOverServerLock } from '../process/serverLock.js';
import { captureProcessOutput, openServerLog } from '../process/serverLog.js';
import { serveUntilStopped } from '../process/serving.js';
import { LiveSettings } from '../settings/liveSettings.js';
import { MessageQueue } from './messageQueue.js';

export async function takeOverServer(socketPath: string): Promise<void> {
  // performance.now() counts from this process's start: node's own start is part of an upgrade's time.
  const serverLog = openServerLog(serverLogPath(socketPath), rotatedLogPath(socketPath));
  captureProcessOutput(serverLog);
  const log = serverLog.message;
  const old = new OldServer();
  let prepared: Prepared;
  let received = 0;
  let rebuilt = 0;
  try {
    const message = parseHandoverMessage(await old.next(HANDOVER_STATE_TIMEOUT_MS));
    received = performance.now();
    prepared = await prepare(socketPath, message, log);
    rebuilt = performance.now();
  } catch (error) {
    return old.fail(`cannot take over: ${(error as Error).message}`, log);
  }
  old.send({ t: 'ready', version: VERSION, protocol: PROTOCOL_VERSION, pid: process.pid });
  try {
    const go = parseHandoverCommand(await old.next(HANDOVER_STATE_TIMEOUT_MS));
    if (go.t !== 'go') throw new Error(`the old server sent ${go.t} where go was due`);
    await serve(socketPath, prepared, go.input, old, log);
  } catch (error) {
    return old.fail(`could not take over: ${(error as Error).message}`, log);
  }
  old.send({ t: 'serving' });
  const { server, message } = prepared;
  const at = (ms: number) => `${Math.round(ms)} ms`;
  log(
    `tessera server ${process.pid} listening on ${socketPath} (took over from tessera ${message.from.version}, pid ${message.from.pid}: ${prepared.ptys.size} programs kept; ` +
      `the state came ${at(received)} after this process started, was rebuilt ${at(rebuilt)} in, serving ${at(performance.now())} in)`,
  );
  serveUntilStopped(server, socketPath, log);
}

interface Prepared {
  server: Server;
  message: HandoverMessage;
  /** The PTY of each pane whose program runs, by pane id. */
  ptys: Map<number, AdoptedPty>;
}

/** Everything rebuilt (the screens being drawn again), nothing read, written or bound. */
async function prepare(socketPath: string, message: HandoverMessage, log: (text: string) => void): Promise<Prepared> {
  checkDescriptors(message);
  const settings = new LiveSettings(process.env, log);
  settings.watch();
  const serverState = serverStateDirectory(socketPath);
  const records = new RecordKeeper(new WorkspaceStore(serverState), log, new PendingCreates(serverState));
  records.load();
  const server = new Server({ socketPath, settings, env: process.env, log, records });
  const ptys = new Map<number, AdoptedPty>();
  const programFor = (pane: HandoverPane) => {
    if (pane.fd === undefined || pane.pid === undefined) return absentProcess(pane.cols, pane.rows);
    const pty = new AdoptedPty({ fd: pane.fd, pid: pane.pid, startTime: pane.startTime, cols: pane.cols, rows: pane.rows });
    ptys.set(pane.id, pty);
    return pty;
  };
  // Each screen is queued for its emulator, ahead of anything the program writes later; it is drawn
  // while the old server lets go (a pane waits for it before it takes another size).
  server.takeOver(message, programFor);
  return { server, message, ptys };
}

/** Each descriptor the message names is what it says: a terminal for a pane, a socket to accept on. */
function checkDescriptors(message: HandoverMessage): void {
  let socket: fs.Stats;
  try {
    socket = fs.fstatSync(message.listenFd);
  } catch {
    throw new Error(`descriptor ${message.listenFd} (the listening socket) was not inherited`);
  }
  if (!socket.isSocket()) throw new Error(`descriptor ${message.listenFd} is not a socket`);
  for (const workspace of message.workspaces) {
    for (const pane of workspace.panes) {
      if (pane.fd !== undefined && !tty.isatty(pane.fd)) throw new Error(`descriptor ${pane.fd} (pane ${pane.id}) is not a terminal`);
    }
  }
}

/** Takes over for real: input the old server held, the PTYs, the pid records, the records, the socket, the lock. */
async function serve(socketPath: string, prepared: Prepared, input: { pane: number; data: string }[], old: OldServer, log: (text: string) => void): Promise<void> {
  const { server, ptys, message } = prepared;
  old.onConnection((socket) => server.acceptForwarded(socket));
  await server.listenOn(message.listenFd);
  // From here on nothing waits: no client is served before every PTY is read again.
  for (const entry of input) ptys.get(entry.pane)?.queueInput(Buffer.from(entry.data, 'base64'));
  for (const pty of ptys.values()) pty.start();
  const pids = openPidRecords(serverStateDir(socketPath));
  for (const warning of pids.warnings) log(warning);
  server.recordPids(pids.records, ptys);
  for (const workspace of server.registry.list()) server.registry.saveNow(workspace);
  const lock = takeOverServerLock(serverStateDirectory(socketPath));
  process.on('exit', () => lock.release());
}

/** The IPC channel to the server that started this one. */
class OldServer {
  private readonly messages = new MessageQueue<unknown>();
  private connection: ((socket: net.Socket) => void) | undefined;
  private readonly early: net.Socket[] = [];

  constructor() {
    process.on('message', (value: unknown, handle: unknown) => {
      if (handle instanceof net.Socket) {
        // A client that connected during the handover, passed on with its socket: served once this
        // server serves (it can come with `go`, before that is acted on).
        if (this.connection) this.connection(handle);
        else this.early.push(handle);
        return;
      }
      this.messages.push(value);
    });
    process.on('disconnect', () => this.messages.fail('the old server went away'));
    if (!process.send) this.messages.fail('no old server started this one (it has no IPC channel)');
  }

  send(reply: HandoverReply): void {
    if (process.connected) process.send?.(reply);
  }

  onConnection(accept: (socket: net.Socket) => void): void {
    this.connection = accept;
    for (const socket of this.early.splice(0)) accept(socket);
  }

  next(timeoutMs: number): Promise<unknown> {
    return this.messages.next(timeoutMs, (seconds) => `the old server sent nothing for ${seconds} s`);
  }

  /** Says why to the old server (which keeps serving) and exits, leaving every pane alone. */
  fail(reason: string, log: (text: string) => void): void {
    log(`upgrade: ${reason}`);
    const exit = () => process.exit(1);
    if (!process.connected || !process.send) return exit();
    process.send({ t: 'failed', reason } satisfies HandoverReply, undefined, {}, exit);
  }
}
