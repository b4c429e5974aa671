// The messages of an upgrade's handover (tessera upgrade, see src/server/handover/): the running
// server starts the new version's server with every PTY's master descriptor and the listening
// socket inherited, and the two talk over Node's IPC channel. Servers of two different versions
// speak it, so it is versioned, and each side checks what the other sent as it checks anything
// from outside: a server built from a broken install may send anything.
//
//   old → new   handover   the state: workspaces (as records), panes (screens as terminal output), descriptors
//   new → old   ready      everything is rebuilt; nothing was read, written or bound yet
//            or failed     why not (the old server keeps serving)
//   old → new   go         take over now, with the input still queued for each pane
//   new → old   serving    reading every PTY and accepting on the socket: the old server exits
//   old → new   connection a client the old server accepted meanwhile (the socket goes with it)

import { MAX_HANDOVER_SCREEN_BYTES } from '../limits.js';
import { InvalidInput, bool, int, oneOf, optStr, record, str, strArray, type Fields } from './validate.js';

/**
 * The format's version. A server reads the formats it knows and refuses any other in `failed`, so
 * an old server is never asked to give up its panes to one that cannot read them.
 */
export const HANDOVER_VERSION = 1;

/**
 * What a server answers a control command while it hands everything over: the client waits a moment
 * and asks again (src/cli/definedCommand.ts), by then of the new server.
 */
export const HANDOVER_BUSY = 'the server is handing its panes to another version of tessera; try again in a moment';

/** The argument after the socket path that makes a server entry take over instead of starting afresh. */
export const TAKE_OVER_ARG = '--take-over';

/** Descriptors 0–2 are the new server's stdio and 3 its IPC channel: the inherited ones start here. */
export const FIRST_HANDED_FD = 4;
/** More descriptors than a server could have panes for: a message naming more is not believed. */
const MAX_HANDED_FDS = 65_536;
const MAX_WORKSPACES = 4096;
const MAX_PANES_PER_WORKSPACE = 256;
const MAX_PANE_ID = 999_999_999;
const MAX_TERMINAL_SIDE = 10_000;
/** A viewer's key is a path with a short prefix: more than a path can be is not believed. */
const MAX_VIEWER_KEY = 8192;

/** How a shell pane's integration last reported (OSC 7 and 133): kept so its pill does not start over. */
export interface HandoverShell {
  cwd?: string;
  phase: 'unknown' | 'prompt' | 'input' | 'running' | 'done';
  lastExitCode?: number;
  integrated: boolean;
}

export interface HandoverPane {
  id: number;
  /** The inherited descriptor of the PTY's master; absent when no program runs (it exited, sleeps, or is not installed). */
  fd?: number;
  /** The program's pid and /proc start time (the new server checks it is still that process). */
  pid?: number;
  startTime?: number;
  cols: number;
  rows: number;
  kind: 'shell' | 'command' | 'agent';
  agent?: string;
  /** What the pane runs as the user would write it, and the program's path (absent: not installed). */
  command: string;
  program?: string;
  /** Its scrollback and screen as terminal output (src/term/screenExport.ts). */
  screen: string;
  /** The title the program set (OSC 0/2). */
  title: string;
  shell: HandoverShell;
  /** The secret in the program's TESSERA_PANE_TOKEN: its reports must still be believed. */
  reportToken?: string;
  /** What the pane's viewer shows, when its program is one of tessera's viewers (Pane.viewer). */
  viewer?: string;
  /** When the program started (ms since the epoch). */
  startedAt: number;
  /** The program has shown something (a pane still starting keeps its "starting" pill). */
  started: boolean;
  /** The program is gone and the pane shows its last screen; exitCode null when unknown. */
  exited?: { exitCode: number | null };
  asleep: boolean;
  attention: boolean;
  rang: boolean;
}

export interface HandoverWorkspace {
  /** The workspace's record as it is now (src/store/workspaceRecord.ts, read with its migrations). */
  record: unknown;
  cols: number;
  rows: number;
  /** The variables its panes started with (slot, ports): the new server keeps them. */
  env: Record<string, string>;
  /** Panes whose input is synchronized. */
  synced: number[];
  /** Panes that had the focus before the focused one, most recent first (last-pane). */
  focusHistory: number[];
  panes: HandoverPane[];
}

export interface HandoverMessage {
  t: 'handover';
  version: number;
  from: { version: string; protocol: number; pid: number };
  /** The inherited listening socket's descriptor. */
  listenFd: number;
  /** Open workspaces, in the server's order (the strip's). */
  workspaces: HandoverWorkspace[];
  /** Their names, most recently used first (the default target of attach and commands). */
  recent: string[];
  /** The number the next event gets (`tessera events --since` goes on counting). */
  nextEventSeq: number;
}

export type HandoverReply =
  | { t: 'ready'; version: string; protocol: number; pid: number }
  | { t: 'failed'; reason: string }
  | { t: 'serving' };

export interface HandoverInput {
  pane: number;
  /** Bytes, base64. */
  data: string;
}

export type HandoverCommand = { t: 'go'; input: HandoverInput[] } | { t: 'connection' };

export function parseHandoverMessage(value: unknown): HandoverMessage {
  const m = record(value, 'the handover');
  if (m.t !== 'handover') throw new InvalidInput('the first message must be the handover');
  const version = int(m.version, 'version', 1, 1_000_000);
  if (version !== HANDOVER_VERSION) throw new InvalidInput(`it is in handover format ${version}; this tessera reads format ${HANDOVER_VERSION}`);
  const from = record(m.from, 'from');
  if (!Array.isArray(m.workspaces) || m.workspaces.length > MAX_WORKSPACES) throw new InvalidInput(`workspaces must be a list of at most ${MAX_WORKSPACES}`);
  const message: HandoverMessage = {
    t: 'handover',
    version,
    from: { version: str(from.version, 'from.version', 64), protocol: int(from.protocol, 'from.protocol', 0, 1_000_000), pid: int(from.pid, 'from.pid', 1, 2 ** 31) },
    listenFd: descriptor(m.listenFd, 'listenFd'),
    workspaces: m.workspaces.map((w, i) => parseWorkspace(w, `workspaces[${i}]`)),
    recent: strArray(m.recent, 'recent', MAX_WORKSPACES),
    nextEventSeq: int(m.nextEventSeq, 'nextEventSeq', 0, Number.MAX_SAFE_INTEGER),
  };
  checkDescriptorsOnce(message);
  return message;
}

function parseWorkspace(value: unknown, what: string): HandoverWorkspace {
  const f = record(value, what);
  if (!Array.isArray(f.panes) || f.panes.length === 0 || f.panes.length > MAX_PANES_PER_WORKSPACE) {
    throw new InvalidInput(`${what}.panes must list 1 to ${MAX_PANES_PER_WORKSPACE} panes`);
  }
  return {
    record: record(f.record, `${what}.record`),
    cols: int(f.cols, `${what}.cols`, 1, MAX_TERMINAL_SIDE),
    rows: int(f.rows, `${what}.rows`, 1, MAX_TERMINAL_SIDE),
    env: stringMap(f.env, `${what}.env`),
    synced: paneIds(f.synced, `${what}.synced`),
    focusHistory: paneIds(f.focusHistory, `${what}.focusHistory`),
    panes: f.panes.map((p, i) => parsePane(p, `${what}.panes[${i}]`)),
  };
}

function parsePane(value: unknown, what: string): HandoverPane {
  const f = record(value, what);
  const hasProgram = f.fd !== undefined;
  const pane: HandoverPane = {
    id: int(f.id, `${what}.id`, 1, MAX_PANE_ID),
    cols: int(f.cols, `${what}.cols`, 1, MAX_TERMINAL_SIDE),
    rows: int(f.rows, `${what}.rows`, 1, MAX_TERMINAL_SIDE),
    kind: oneOf(f.kind, `${what}.kind`, ['shell', 'command', 'agent'] as const),
    agent: optStr(f.agent, `${what}.agent`, 64),
    command: str(f.command, `${what}.command`, 64 << 10),
    program: optStr(f.program, `${what}.program`),
    screen: str(f.screen, `${what}.screen`, MAX_HANDOVER_SCREEN_BYTES),
    title: str(f.title, `${what}.title`, 4096),
    shell: parseShell(f.shell, `${what}.shell`),
    reportToken: optStr(f.reportToken, `${what}.reportToken`, 256),
    viewer: optStr(f.viewer, `${what}.viewer`, MAX_VIEWER_KEY),
    startedAt: int(f.startedAt, `${what}.startedAt`, 0, Number.MAX_SAFE_INTEGER),
    started: bool(f.started, `${what}.started`),
    asleep: bool(f.asleep, `${what}.asleep`),
    attention: bool(f.attention, `${what}.attention`),
    rang: bool(f.rang, `${what}.rang`),
  };
  if (hasProgram) {
    pane.fd = descriptor(f.fd, `${what}.fd`);
    pane.pid = int(f.pid, `${what}.pid`, 2, 2 ** 31);
    if (f.startTime !== undefined) pane.startTime = int(f.startTime, `${what}.startTime`, 0, Number.MAX_SAFE_INTEGER);
  } else if (f.pid !== undefined) {
    throw new InvalidInput(`${what} names a pid but no descriptor`);
  }
  if (f.exited !== undefined) {
    if (hasProgram) throw new InvalidInput(`${what} has a program running and one that exited`);
    const exited = record(f.exited, `${what}.exited`);
    pane.exited = { exitCode: exited.exitCode === null ? null : int(exited.exitCode, `${what}.exited.exitCode`, -1_000_000, 1_000_000) };
  }
  return pane;
}

function parseShell(value: unknown, what: string): HandoverShell {
  const f = record(value, what);
  const shell: HandoverShell = {
    phase: oneOf(f.phase, `${what}.phase`, ['unknown', 'prompt', 'input', 'running', 'done'] as const),
    integrated: bool(f.integrated, `${what}.integrated`),
  };
  const cwd = optStr(f.cwd, `${what}.cwd`);
  if (cwd !== undefined) shell.cwd = cwd;
  if (f.lastExitCode !== undefined) shell.lastExitCode = int(f.lastExitCode, `${what}.lastExitCode`, -1_000_000, 1_000_000);
  return shell;
}

function descriptor(value: unknown, what: string): number {
  return int(value, what, FIRST_HANDED_FD, FIRST_HANDED_FD + MAX_HANDED_FDS);
}

/** One descriptor is one PTY (or the socket): two panes naming one would both read it. */
function checkDescriptorsOnce(message: HandoverMessage): void {
  const seen = new Set<number>([message.listenFd]);
  const ids = new Set<number>();
  for (const workspace of message.workspaces) {
    for (const pane of workspace.panes) {
      if (ids.has(pane.id)) throw new InvalidInput(`pane ${pane.id} is named twice`);
      ids.add(pane.id);
      if (pane.fd === undefined) continue;
      if (seen.has(pane.fd)) throw new InvalidInput(`descriptor ${pane.fd} is named twice`);
      seen.add(pane.fd);
    }
  }
}

function paneIds(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || value.length > MAX_PANES_PER_WORKSPACE) throw new InvalidInput(`${what} must be a list of at most ${MAX_PANES_PER_WORKSPACE} pane ids`);
  return value.map((id, i) => int(id, `${what}[${i}]`, 1, MAX_PANE_ID));
}

function stringMap(value: unknown, what: string): Record<string, string> {
  const f: Fields = record(value, what);
  const entries = Object.entries(f);
  if (entries.length > 1024) throw new InvalidInput(`${what} has too many entries`);
  return Object.fromEntries(entries.map(([key, v]) => [str(key, `${what} key`, 256), str(v, `${what}.${key}`, 64 << 10)]));
}

/** What the new server says (checked by the old one). */
export function parseHandoverReply(value: unknown): HandoverReply {
  const m = record(value, 'the new server\'s answer');
  switch (m.t) {
    case 'ready':
      return { t: 'ready', version: str(m.version, 'version', 64), protocol: int(m.protocol, 'protocol', 0, 1_000_000), pid: int(m.pid, 'pid', 1, 2 ** 31) };
    case 'failed':
      return { t: 'failed', reason: str(m.reason, 'reason', 4096) };
    case 'serving':
      return { t: 'serving' };
    default:
      throw new InvalidInput(`unknown answer ${JSON.stringify(m.t)}`);
  }
}

/** What the old server says after the handover (checked by the new one). */
export function parseHandoverCommand(value: unknown): HandoverCommand {
  const m = record(value, 'the old server\'s message');
  if (m.t === 'connection') return { t: 'connection' };
  if (m.t !== 'go') throw new InvalidInput(`unknown message ${JSON.stringify(m.t)}`);
  if (!Array.isArray(m.input) || m.input.length > MAX_HANDED_FDS) throw new InvalidInput('input must be a list');
  const input = m.input.map((entry, i) => {
    const f = record(entry, `input[${i}]`);
    const data = str(f.data, `input[${i}].data`, MAX_HANDOVER_SCREEN_BYTES);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new InvalidInput(`input[${i}].data must be base64`);
    return { pane: int(f.pane, `input[${i}].pane`, 1, MAX_PANE_ID), data };
  });
  return { t: 'go', input };
}
