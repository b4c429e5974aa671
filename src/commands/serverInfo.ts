// tessera server-info: the server's pid, socket, version, clients and memory.

import { boolFlag } from './argParser.js';
import { CLIENT_BACKLOG_BYTES } from '../limits.js';
import { defineCommand } from './contract.js';
import { jsonFlag } from './targets.js';
import { terminalJson, visibleText } from '../term/visibleText.js';

export interface ServerInfoArgs {
  /** Also the event-loop delay since the last such call (and start measuring again). */
  loopDelay?: boolean;
}

/** An attached client, as server-info lists it. */
export interface ClientInfo {
  workspace: string;
  cols: number;
  rows: number;
  /** Written by the server straight to the client's terminal, or relayed by the client from its socket. */
  frames: 'terminal' | 'socket';
  keys: 'terminal' | 'socket';
  /** Bytes written for it that its terminal (or socket) has not taken yet: frames are skipped above CLIENT_BACKLOG_BYTES. */
  backlogBytes: number;
  /**
   * Its frames are skipped until its terminal has taken what waits (or said it drew it): the next frame then
   * carries every change. The backlog can settle a little under the limit meanwhile (the terminal took a last bite).
   * Absent from older servers.
   */
  skippingFrames?: boolean;
}

export interface MemoryReport {
  /** Resident memory of the server process. */
  rss: number;
  /** Of it, pages backed by files: mostly Node's own code (null where /proc cannot tell). */
  code: number | null;
  /** The JavaScript heap: in use, and reserved from the OS. */
  heapUsed: number;
  heapTotal: number;
  /** Memory outside the heap owned by JavaScript objects (typed arrays: xterm's lines, histories). */
  external: number;
  arrayBuffers: number;
  /** Open panes whose emulators are counted below. */
  panes: number;
  /** Lines xterm holds in full (screens and its own scrollback) and their bytes (estimated). */
  screenLines: number;
  screens: number;
  /** Lines that scrolled off into the panes' compact histories, and their bytes. */
  historyLines: number;
  history: number;
}

export interface LoopDelayFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How many times the loop was sampled (one every LOOP_DELAY_RESOLUTION_MS it was free to). */
  samples: number;
  windowMs: number;
}

/** What the notifications (notify, notifyCommand) did since the server started. */
export interface NotificationsInfo {
  sent: number;
  /** Dropped by the rate limit. */
  limited: number;
  /** Waiting for their delay (notifyDelay) to pass. */
  pending: number;
  /** The notifyCommand in force failed: the first failure, and how many there were. */
  commandFailure: { command: string[]; message: string; at: string; count: number } | null;
}

/**
 * One host's link as this server keeps it for the strip (tessera hosts asks for them): connected,
 * connecting (the first try), or down, and why: unreachable, not-installed, version-mismatch or
 * not-tessera when the last try said so, else reconnecting (a link that broke, a host that sent garbage).
 */
export interface HostLinkInfo {
  name: string;
  ssh: string;
  state: 'connected' | 'connecting' | 'reconnecting' | 'unreachable' | 'not-installed' | 'version-mismatch' | 'not-tessera';
  /** What the host's bridge said of itself on the last link made (null before one was). */
  version: string | null;
  protocol: number | null;
  hostname: string | null;
  /** The host's server socket, as its bridge named it (two names of one server have the same). */
  socket: string | null;
  reason: string | null;
  fix: string | null;
  /** While down: when the next try is, in whole seconds from now. */
  retryInSeconds: number | null;
}

export interface ServerInfo {
  pid: number;
  socketPath: string;
  version: string;
  /** The protocol its clients must speak (absent from servers older than this client). */
  protocol?: number;
  /** The server it took over from in an upgrade (tessera upgrade), when it did. */
  takenOver?: { version: string; pid: number; at: string };
  crashSweep: { message: string; at: string } | null;
  /** Absent from servers older than this client. */
  clients?: ClientInfo[];
  memory?: MemoryReport;
  /** Absent from servers older than this client. */
  notifications?: NotificationsInfo;
  /** Only with --loop-delay: null on the call that starts the measurement. */
  loopDelay?: LoopDelayFigures | null;
  /** The answer log (tessera approvals --log), and why its latest write failed, if it did. */
  answerLog?: { file: string; problem?: string };
  /**
   * The conflict radar: watching the workspaces that have a base, or asleep while none has one (a worktree or
   * clone made or opened wakes it). Absent from older servers.
   */
  radar?: { watching: boolean };
  /** Its links to the hosts of the hosts setting; null until a client attached (a server only asked commands keeps none). Absent from older servers. */
  hostLinks?: HostLinkInfo[] | null;
}

export const serverInfo = defineCommand<ServerInfoArgs, ServerInfo>({
  name: 'server-info',
  summary: "show the server's pid, socket and version",
  usage: `tessera server-info [--json] [--loop-delay]

  Prints the server's pid, socket path, version and protocol (and, after 'tessera upgrade', which
  server it took over from); each attached client (its workspace and size,
  whether the server writes its frames and reads its keys straight from its terminal or through
  its socket, and how many bytes wait for a terminal that is slow to read: above ${CLIENT_BACKLOG_BYTES >> 10} KB frames are
  skipped until it catches up); and where its memory goes: resident memory (of it, Node's own
  code), the JavaScript heap, memory outside the heap, and what the panes hold: their screens
  (kept in full by the terminal emulator; an estimate) and their history (lines that scrolled
  off, kept compactly); the notifications sent (and a notifyCommand that failed); whether the
  conflict radar watches the workspaces that have a base branch, or sleeps while none has one. When the server, on starting, ended pane processes that a crashed
  server had left running, it says so here too.

  --loop-delay  also says how late the server's event loop ran (how long a key or a frame could
                have waited for it) since the previous 'server-info --loop-delay', then starts
                measuring again. The first call starts the measurement.`,
  flags: [jsonFlag, { name: 'loop-delay' }],
  fromCli: (args) => (boolFlag(args, 'loop-delay') ? { loopDelay: true } : {}),
  parse: (fields) => (fields.loopDelay === true ? { loopDelay: true } : {}),
  print(info, args, output) {
    if (boolFlag(args, 'json')) {
      output.out(`${terminalJson(info)}\n`);
      return;
    }
    const protocol = info.protocol === undefined ? '' : ` (protocol ${info.protocol})`;
    output.out(`pid ${info.pid}, socket ${info.socketPath}, version ${info.version}${protocol}\n`);
    if (info.takenOver) output.out(`took over every pane from tessera ${info.takenOver.version} (pid ${info.takenOver.pid}) at ${info.takenOver.at}\n`);
    if (info.clients) output.out(clientLines(info.clients));
    if (info.memory) output.out(memoryLines(info.memory));
    if (info.notifications) output.out(notificationLines(info.notifications));
    if (info.radar) output.out(radarLine(info.radar.watching));
    if (info.crashSweep) output.out(`${info.crashSweep.message} (${info.crashSweep.at})\n`);
    if (info.answerLog?.problem) output.out(`${visibleText(info.answerLog.problem)}\n`);
    if (info.loopDelay === null) output.out('event-loop delay: measuring from now; run this again to see it\n');
    else if (info.loopDelay) output.out(`${loopDelayLine(info.loopDelay)}\n`);
  },
});

function radarLine(watching: boolean): string {
  return watching
    ? 'conflict radar: watching the workspaces that have a base branch\n'
    : 'conflict radar: asleep, no workspace has a base branch to compare with (a worktree or clone made or opened wakes it)\n';
}

function notificationLines(n: NotificationsInfo): string {
  const limited = n.limited > 0 ? `, ${n.limited} dropped by the rate limit` : '';
  const line = `notifications: ${n.sent} sent, ${n.pending} waiting for their delay${limited}\n`;
  const f = n.commandFailure;
  if (!f) return line;
  const times = f.count === 1 ? 'once' : `${f.count} times`;
  return `${line}  notifyCommand ${JSON.stringify(f.command)} failed ${times}; first: ${f.message} (${f.at})\n`;
}

function memoryLines(m: MemoryReport): string {
  const code = m.code === null ? '' : ` (Node's code ${mb(m.code)})`;
  const panes = `${m.panes} pane${m.panes === 1 ? '' : 's'}`;
  return (
    `memory: ${mb(m.rss)} resident${code}; JavaScript heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}; ` +
    `outside the heap ${mb(m.external)}\n` +
    `  ${panes}: screens ${mb(m.screens)} (${m.screenLines} lines, estimated), history ${mb(m.history)} (${m.historyLines} lines)\n`
  );
}

function clientLines(clients: ClientInfo[]): string {
  const head = `${clients.length} client${clients.length === 1 ? '' : 's'} attached${clients.length === 0 ? '' : ':'}\n`;
  return head + clients.map((c) => `  ${c.workspace} ${c.cols}x${c.rows}: ${routeText(c)}, ${sizeText(c.backlogBytes)} waiting${c.skippingFrames === true ? ' (frames skipped until it catches up)' : ''}\n`).join('');
}

function routeText(c: ClientInfo): string {
  if (c.frames === c.keys) return `frames and keys ${c.frames === 'terminal' ? 'straight to and from its terminal' : 'through its socket'}`;
  return `frames ${c.frames === 'terminal' ? 'straight to its terminal' : 'through its socket'}, keys ${c.keys === 'terminal' ? 'straight from its terminal' : 'through its socket'}`;
}

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(0)} KB`);

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

function loopDelayLine(d: LoopDelayFigures): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `event-loop delay over the last ${(d.windowMs / 1000).toFixed(1)} s: p50 ${ms(d.p50Ms)}, p99 ${ms(d.p99Ms)}, max ${ms(d.maxMs)} (${d.samples} samples)`;
}
