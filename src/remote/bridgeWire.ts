// The handshake of the stdio bridge (`tessera serve --stdio`, run on another machine through ssh), before
// the socket protocol flows through it unchanged:
//
//   bridge → client   tessera-bridge {"bridge":1,"version":"0.1.0","protocol":2,"cwd":"/home/me","hostname":"build1"}\n
//   client → bridge   {"t":"connect","start":true}\n          (only when the protocols match)
//   bridge → client   {"t":"ready"}\n  or  {"t":"refused","reason":"…","noServer":true}\n
//
// The greeting is a text line so it can be found after whatever a login script printed first, and it
// comes before the client sends anything: a bridge of another protocol is never sent a message.
// Everything read here comes from another machine: every field is checked and bounded.

import { InvalidInput, bool, int, record, str } from '../protocol/validate.js';

/** The greeting line starts with this. */
export const HELLO_PREFIX = 'tessera-bridge ';
/** The handshake's own version: a bridge of another one is not spoken to. */
export const BRIDGE_VERSION = 1;

export interface BridgeHello {
  bridge: number;
  /** That machine's tessera version. */
  version: string;
  /** Its socket protocol version (PROTOCOL_VERSION there). */
  protocol: number;
  /** The bridge's working directory there (the user's home): relative paths of a command mean this. */
  cwd: string;
  /** The machine's own name for itself (for messages, and to tell two names of one machine apart). */
  hostname: string;
  /** Which server there: its socket path (two host names that reach one server have the same). */
  socket: string;
}

export type ConnectRequest = { t: 'connect'; start: boolean };
export type ConnectReply = { t: 'ready' } | { t: 'refused'; reason: string; noServer: boolean };

/** A version as tessera writes it: digits, letters, '.', '-', '+'. */
const VERSION_TEXT = /^[0-9A-Za-z.+-]{1,64}$/;
/** Printable, no controls: text from another machine that messages quote. */
const PLAIN = /^[^\x00-\x1f\x7f-\x9f]*$/;

export function helloLine(hello: BridgeHello): string {
  return `${HELLO_PREFIX}${JSON.stringify(hello)}\n`;
}

export function parseHello(json: string): BridgeHello {
  const m = record(parseJson(json), 'greeting');
  const version = str(m.version, 'version', 64);
  if (!VERSION_TEXT.test(version)) throw new InvalidInput('version is not a version number');
  return {
    bridge: int(m.bridge, 'bridge', 0, 1_000_000),
    version,
    protocol: int(m.protocol, 'protocol', 0, 1_000_000),
    cwd: absolutePath(m.cwd, 'cwd'),
    hostname: plain(m.hostname, 'hostname', 255),
    socket: absolutePath(m.socket, 'socket'),
  };
}

export function parseConnectRequest(json: string): ConnectRequest {
  const m = record(parseJson(json), 'connect request');
  if (m.t !== 'connect') throw new InvalidInput('expected a connect request');
  return { t: 'connect', start: bool(m.start, 'start') };
}

export function parseConnectReply(json: string): ConnectReply {
  const m = record(parseJson(json), 'answer');
  if (m.t === 'ready') return { t: 'ready' };
  if (m.t === 'refused') return { t: 'refused', reason: plain(m.reason, 'reason', 4096), noServer: bool(m.noServer, 'noServer') };
  throw new InvalidInput('expected ready or refused');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidInput('not JSON');
  }
}

function plain(value: unknown, what: string, max: number): string {
  const text = str(value, what, max);
  if (!PLAIN.test(text)) throw new InvalidInput(`${what} holds control characters`);
  return text;
}

function absolutePath(value: unknown, what: string): string {
  const text = plain(value, what, 4096);
  if (!text.startsWith('/')) throw new InvalidInput(`${what} must be an absolute path`);
  return text;
}
