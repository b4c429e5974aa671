// An upgrade, on the side of the running server: it holds everything still, starts the new version's
// server with the listening socket and every PTY inherited, sends it the state of every workspace
// and pane, and lets go only once the new server says it serves. Until then nothing is lost: if the
// new server fails, exits or stays silent, this one ends it, takes its PTYs and clients back and
// goes on serving, and the user is told why. See docs/architecture.md, "Upgrades".
//
//   freeze   new connections wait unread; keys and resizes of attached clients are ignored; each
//            PTY is read no more and its queued input no longer written; its emulator parses what
//            was read, and its screen is exported
//   ready    the new server rebuilt everything (it has read, written and bound nothing yet)
//   go       attached clients are told to attach again; the held input goes across; connections
//            that arrive from now on are passed to the new server
//   serving  this process exits (the socket stays bound: the new server holds it too)

import type net from 'node:net';
import { HANDOVER_QUIET_POLL_MS, HANDOVER_QUIET_TIMEOUT_MS, HANDOVER_READY_TIMEOUT_MS, HANDOVER_SERVING_TIMEOUT_MS } from '../../limits.js';
import { PROTOCOL_VERSION } from '../../protocol/messages.js';
import { VERSION } from '../../version.js';
import type { Pane } from '../panes/pane.js';
import { RefusedError } from '../refusedError.js';
import type { Workspace } from '../workspaces/workspace.js';
import { describeHandover, handedDescriptors, type HandedDescriptors } from './collect.js';
import { NewServer, type HandoverTarget } from './newServer.js';
import { notReadyToMove } from './paneState.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';

export type { HandoverTarget } from './newServer.js';

export interface HandoverResult {
  from: { version: string; pid: number };
  to: { version: string; protocol: number; pid: number };
  workspaces: number;
  panes: number;
  /** Panes whose program runs (and kept running). */
  programs: number;
  /** From the freeze to the new server serving. */
  ms: number;
}

/** What the handover needs of the running server. */
export interface HandingServer {
  readonly socketPath: string;
  readonly env: NodeJS.ProcessEnv;
  log(text: string): void;
  /** The listening socket's descriptor. */
  listenFd(): number;
  /** The open workspaces, in the server's order. */
  workspaces(): Workspace[];
  /** The agent panes' initial prompts (one not yet typed in cannot move). */
  readonly agents: AgentWatches;
  /** Their names, most recently used first. */
  recent(): string[];
  nextEventSeq(): number;
  /** Control commands and command lines running now (the upgrade's own among them). */
  commandsRunning(): number;
  /** Refuses control commands from now on (HANDOVER_BUSY: clients ask again). */
  refuseCommands(): void;
  /** Writes now every workspace record (and the session history) a change left pending or being written: the new server reads the files. */
  flushRecords(): void;
  /** Holds still: connections from now on go to `gate` (unread), clients' keys and sizes are ignored. */
  freeze(gate: (socket: net.Socket) => void): void;
  /** The new server takes over now: stopping this one (a signal) must not end the panes any more. */
  letGoOfPanes(): void;
  /** Serves again after a handover that failed (or was refused). */
  thaw(): void;
  /** Serves a connection that waited during a handover that failed. */
  serve(socket: net.Socket): void;
  /** Ends every attached client and event reader, saying why. */
  endClients(reason: string): void;
  /** Lets go of the connections that sent nothing yet (connected a moment before the hold): they are passed on. */
  unreadConnections(): net.Socket[];
}

let underWay = false;

export async function handOver(server: HandingServer, target: HandoverTarget): Promise<HandoverResult> {
  if (underWay) throw new RefusedError('an upgrade is under way already');
  underWay = true;
  const started = performance.now();
  const waiting: net.Socket[] = [];
  let pass: ((socket: net.Socket) => void) | undefined;
  let panes: Pane[] = [];
  let handed: HandedDescriptors | undefined;
  let next: NewServer | undefined;
  let committed = false;
  try {
    // A command still running (a workspace being made, a land) would change what is being moved.
    server.refuseCommands();
    await commandsDone(server);
    const workspaces = server.workspaces();
    panes = workspaces.flatMap((w) => w.orderedPanes());
    const notReady = panes.map((pane) => notReadyToMove(pane, server.agents)).find((problem) => problem !== undefined);
    if (notReady !== undefined) throw new RefusedError(`not now: ${notReady}; try again in a moment`);
    server.freeze((socket) => (pass ? pass(socket) : waiting.push(socket)));
    server.flushRecords();
    handed = handedDescriptors(panes, server.listenFd());
    for (const pane of panes) pane.handover?.hold();
    // Node starts the new server while this one describes the panes.
    next = new NewServer(server.socketPath, target, server.env, handed.descriptors);
    await Promise.all(panes.map((pane) => pane.emulator.whenParsed()));
    const origin = { version: VERSION, protocol: PROTOCOL_VERSION, pid: process.pid, nextEventSeq: server.nextEventSeq() };
    next.send(describeHandover(workspaces, server.recent(), origin, handed));
    server.log(`upgrade: held ${panes.length} panes still and described them in ${Math.round(performance.now() - started)} ms; started ${target.entry} (pid ${next.pid ?? '?'}) to take them over`);
    const ready = await next.next('ready', HANDOVER_READY_TIMEOUT_MS);
    committed = true;
    server.letGoOfPanes();
    server.endClients(`the server is now tessera ${ready.version}; run 'tessera' to attach again`);
    const input = [...handed.ptys].map(([pane, { pty }]) => ({ pane, data: pty.heldInput().toString('base64') })).filter((entry) => entry.data !== '');
    next.send({ t: 'go', input });
    const newServer = next;
    pass = (socket) => newServer.forward(socket);
    for (const socket of [...server.unreadConnections(), ...waiting.splice(0)]) pass(socket);
    await next.next('serving', HANDOVER_SERVING_TIMEOUT_MS);
    const result: HandoverResult = {
      from: { version: VERSION, pid: process.pid },
      to: { version: ready.version, protocol: ready.protocol, pid: ready.pid },
      workspaces: workspaces.length,
      panes: panes.length,
      programs: handed.ptys.size,
      ms: Math.round(performance.now() - started),
    };
    server.log(`upgrade: tessera ${ready.version} (pid ${ready.pid}) serves ${panes.length} panes after ${result.ms} ms`);
    exitOnceForwarded(newServer, server.log);
    return result;
  } catch (error) {
    const reason = (error as Error).message;
    next?.kill();
    for (const pane of panes) pane.handover?.release();
    server.thaw();
    pass = undefined;
    for (const socket of waiting.splice(0)) server.serve(socket);
    underWay = false;
    const lost = committed ? ' (attached clients were asked to attach again)' : '';
    const why = error instanceof RefusedError ? reason : `the new server did not take over: ${reason}; every pane goes on running in this one (tessera ${VERSION})${lost}`;
    server.log(`upgrade: ${why}`);
    throw new RefusedError(why);
  }
}

/** Waits until the upgrade is the only command running (new ones are refused meanwhile, and asked again). */
async function commandsDone(server: HandingServer): Promise<void> {
  const deadline = Date.now() + HANDOVER_QUIET_TIMEOUT_MS;
  while (server.commandsRunning() > 1) {
    if (Date.now() > deadline) throw new RefusedError(`not now: ${server.commandsRunning() - 1} other commands were still running after ${HANDOVER_QUIET_TIMEOUT_MS / 1000} s; try again once they are done`);
    await new Promise((resolve) => setTimeout(resolve, HANDOVER_QUIET_POLL_MS));
  }
}

/**
 * Exits once the answer to the upgrade command went out and every connection passed on arrived.
 * Never through the usual shutdown, which would end every pane; and never closing the listening
 * socket, which would remove its file from under the new server.
 */
function exitOnceForwarded(next: NewServer, log: (text: string) => void): void {
  setImmediate(() => {
    void next.whenForwarded().then(() => {
      log(`upgrade: passed on ${next.passed} connections that came meanwhile; this server exits`);
      next.letGo();
      process.exit(0);
    });
  });
}
