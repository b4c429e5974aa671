// The JSON messages of the socket protocol, and their validation on receipt.

import { InvalidInput, bool, int, optStr, record, str, type Fields } from './validate.js';
import { parseEvent, parseEventsStart, type EventsStart, type TesseraEvent } from './events.js';
import { HOST_NAME_PATTERN } from './hostName.js';

export const PROTOCOL_VERSION = 2;

/**
 * Why a client of another protocol cannot attach, and what to do, in one line. Servers before
 * `tessera upgrade` said "this client speaks protocol C but the server speaks S; …": a newer client
 * recognises both (readProtocolRefusal) and, meeting an older server, moves it to its own version.
 */
export function protocolRefusal(client: number, serverVersion: string): string {
  const what = `this client speaks protocol ${client} but the server (tessera ${serverVersion}) speaks ${PROTOCOL_VERSION}`;
  if (client > PROTOCOL_VERSION) return `${what}; run 'tessera upgrade' to move every pane to this client's version without ending any`;
  return `${what}: this tessera is older than the server; use the newer tessera that started it`;
}

/** The protocols a refusal to attach names (client's, server's), if it is one. */
export function readProtocolRefusal(reason: string): { client: number; server: number } | undefined {
  const match = /this client speaks protocol (\d+) but the server(?: \(tessera [^)]*\))? speaks (\d+)/.exec(reason);
  return match ? { client: Number(match[1]), server: Number(match[2]) } : undefined;
}

/** Largest terminal we accept from a client; anything bigger is a bug or an attack on memory. */
export const MAX_TERMINAL_COLS = 1000;
export const MAX_TERMINAL_ROWS = 500;
/** Longest notice a client brings back to the status bar (one line of ssh's or a host's reason). */
export const MAX_NOTICE_CHARS = 1024;
/** Largest text of one `output` message: the server sends a request's output in pieces well below it. */
export const MAX_OUTPUT_MESSAGE_CHARS = 1 << 20;

/** What the client knows about the terminal it runs in. */
export interface TerminalInfo {
  term: string;
  colorTerm: string;
  /** Running inside tmux or screen: they may not pass true color or DEC 2026 through. */
  insideMultiplexer: boolean;
}

/**
 * The terminal an attaching client writes to, for the server to write frames to it directly: its
 * path and the device and inode numbers the client sees (decimal strings: inodes can pass 2^53).
 */
export interface OutputTerminal {
  path: string;
  dev: string;
  ino: string;
}

export interface AttachMessage {
  t: 'attach';
  protocol: number;
  /** The client's tessera version: a server of another version says how to move to it (absent from older clients). */
  version?: string;
  /** Workspace to show; the default workspace when absent. */
  workspace?: string;
  /** Create the workspace when it does not exist yet (the no-argument `tessera`). */
  createCwd?: string;
  cols: number;
  rows: number;
  terminal: TerminalInfo;
  /** Where the server may write frames itself; absent: every frame goes through the client. */
  output?: OutputTerminal;
  /**
   * The client's keyboard is that same terminal: the server may read keys from it itself. The
   * server answers with an `input` message, and the client reads no key before it (then only when
   * the answer is `direct: false`), so no key is read twice or out of order.
   */
  input?: boolean;
  /**
   * The client can leave to show another machine's workspace and come back (the `open-host` message).
   * Older clients do not say so: choosing a host's workspace tells them the `-H … attach` that shows it.
   */
  opensHosts?: boolean;
  /** A line for the status bar once attached: why the client is back (a host's view that could not open or ended badly). */
  notice?: string;
  /** The pane of `workspace` to focus (the inbox's Enter on a host's question); an older server ignores it. */
  pane?: number;
}

/** The client is ending on its own (a signal): the server stops writing to its terminal, then says `end`. */
export interface LeaveMessage {
  t: 'leave';
  reason: string;
}

export interface ResizeMessage {
  t: 'resize';
  cols: number;
  rows: number;
}

export interface RequestMessage {
  t: 'request';
  id: number;
  command: string;
  args: Fields;
  /** The client's working directory, for commands that default to it. */
  cwd?: string;
  /** The pane the command was typed in ($TESSERA_PANE), the default target. */
  callerPane?: string;
  /**
   * The client prints output as it comes: a command that produces some while it runs (`tessera hook`)
   * sends it in `output` messages before its response. A server that knows nothing of it ignores it.
   */
  stream?: boolean;
}

/**
 * Subscribes this connection to the event stream (`tessera events`): the server answers `events-start`, then
 * one `event` per event until the connection closes. `since`: replay the kept events numbered after it first.
 */
export interface EventsMessage {
  t: 'events';
  since?: number;
}

export type ClientMessage = AttachMessage | ResizeMessage | RequestMessage | LeaveMessage | EventsMessage;

export type ServerMessage =
  | { t: 'response'; id: number; ok: true; result: unknown }
  | { t: 'response'; id: number; ok: false; error: string }
  /** Output of a running request that asked for it (`stream`), before its response; the text is the program's, unescaped. */
  | { t: 'output'; id: number; text: string }
  | { t: 'attached'; workspace: string }
  /** The answer to an attach that offered its keyboard: whether the server reads the keys itself. */
  | { t: 'input'; direct: boolean }
  | { t: 'end'; reason: string; exitCode: number }
  /**
   * Sent only to a client that said `opensHosts`, just before its `end`: it shows HOST's workspace
   * through its own link to HOST (a host of its own settings), and when that view ends comes back to
   * workspace `from` here.
   */
  | OpenHostMessage
  | ({ t: 'events-start' } & EventsStart)
  | { t: 'event'; event: TesseraEvent };

export interface OpenHostMessage {
  t: 'open-host';
  host: string;
  workspace: string;
  from: string;
  /** The pane there to show focused (a question the inbox listed); absent: the workspace as it is. */
  pane?: number;
}

export function parseClientMessage(value: unknown): ClientMessage {
  const m = record(value, 'message');
  switch (m.t) {
    case 'attach': {
      const terminal = record(m.terminal, 'terminal');
      return {
        t: 'attach',
        protocol: int(m.protocol, 'protocol', 0, 1_000_000),
        version: optStr(m.version, 'version', 64),
        workspace: optStr(m.workspace, 'workspace', 256),
        createCwd: optStr(m.createCwd, 'createCwd'),
        cols: int(m.cols, 'cols', 1, MAX_TERMINAL_COLS),
        rows: int(m.rows, 'rows', 1, MAX_TERMINAL_ROWS),
        terminal: {
          term: str(terminal.term, 'terminal.term', 256),
          colorTerm: str(terminal.colorTerm, 'terminal.colorTerm', 256),
          insideMultiplexer: bool(terminal.insideMultiplexer, 'terminal.insideMultiplexer'),
        },
        output: m.output === undefined ? undefined : parseOutputTerminal(m.output),
        input: m.input === undefined ? undefined : bool(m.input, 'input'),
        opensHosts: m.opensHosts === undefined ? undefined : bool(m.opensHosts, 'opensHosts'),
        notice: optStr(m.notice, 'notice', MAX_NOTICE_CHARS),
        ...(m.pane === undefined ? {} : { pane: int(m.pane, 'pane', 0, Number.MAX_SAFE_INTEGER) }),
      };
    }
    case 'leave':
      return { t: 'leave', reason: str(m.reason, 'reason', 4096) };
    case 'resize':
      return { t: 'resize', cols: int(m.cols, 'cols', 1, MAX_TERMINAL_COLS), rows: int(m.rows, 'rows', 1, MAX_TERMINAL_ROWS) };
    case 'events':
      return { t: 'events', since: m.since === undefined ? undefined : int(m.since, 'since', 0, Number.MAX_SAFE_INTEGER) };
    case 'request':
      return {
        t: 'request',
        id: int(m.id, 'id', 0, Number.MAX_SAFE_INTEGER),
        command: str(m.command, 'command', 64),
        args: record(m.args, 'args'),
        cwd: optStr(m.cwd, 'cwd'),
        callerPane: optStr(m.callerPane, 'callerPane', 64),
        ...(m.stream === undefined ? {} : { stream: bool(m.stream, 'stream') }),
      };
    default:
      throw new InvalidInput(`unknown message type ${JSON.stringify(m.t)}`);
  }
}

/** Decimal digits only (a device or inode number), at most 20 of them (2^64). */
const DECIMAL = /^[0-9]{1,20}$/;

function parseOutputTerminal(value: unknown): OutputTerminal {
  const output = record(value, 'output');
  const path = str(output.path, 'output.path', 256);
  if (!path.startsWith('/dev/') || path.includes('\0') || path.split('/').includes('..')) throw new InvalidInput('output.path must be a device under /dev/');
  const dev = str(output.dev, 'output.dev', 20);
  const ino = str(output.ino, 'output.ino', 20);
  if (!DECIMAL.test(dev) || !DECIMAL.test(ino)) throw new InvalidInput('output.dev and output.ino must be decimal numbers');
  return { path, dev, ino };
}

/** Validation of server messages on the client side (a mismatched server version must not crash the client). */
export function parseServerMessage(value: unknown): ServerMessage {
  const m = record(value, 'message');
  switch (m.t) {
    case 'response':
      if (m.ok === true) return { t: 'response', id: int(m.id, 'id', 0, Number.MAX_SAFE_INTEGER), ok: true, result: m.result };
      return { t: 'response', id: int(m.id, 'id', 0, Number.MAX_SAFE_INTEGER), ok: false, error: str(m.error, 'error', 65536) };
    case 'output':
      return { t: 'output', id: int(m.id, 'id', 0, Number.MAX_SAFE_INTEGER), text: str(m.text, 'text', MAX_OUTPUT_MESSAGE_CHARS) };
    case 'attached':
      return { t: 'attached', workspace: str(m.workspace, 'workspace', 256) };
    case 'input':
      return { t: 'input', direct: bool(m.direct, 'direct') };
    case 'end':
      return { t: 'end', reason: str(m.reason, 'reason', 4096), exitCode: int(m.exitCode, 'exitCode', 0, 255) };
    case 'open-host': {
      const host = str(m.host, 'host', 32);
      if (!HOST_NAME_PATTERN.test(host)) throw new InvalidInput('host must be a name of the hosts setting');
      const pane = m.pane === undefined ? {} : { pane: int(m.pane, 'pane', 0, Number.MAX_SAFE_INTEGER) };
      return { t: 'open-host', host, workspace: str(m.workspace, 'workspace', 256), from: str(m.from, 'from', 256), ...pane };
    }
    case 'events-start':
      return { t: 'events-start', ...parseEventsStart(m) };
    case 'event':
      return { t: 'event', event: parseEvent(m.event) };
    default:
      throw new InvalidInput(`unknown message type ${JSON.stringify(m.t)}`);
  }
}

