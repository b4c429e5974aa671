// tessera server-info: the running server's process and socket (for scripts and benchmarks), what it
// ended at start-up that a crashed server had left running, where its memory goes, and how late its
// event loop runs.

import { boolFlag } from '../argParser.js';
import { CLIENT_BACKLOG_BYTES } from '../../limits.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';
import type { MemoryReport } from '../../server/memoryReport.js';
import type { LoopDelayFigures } from '../../server/loopDelay.js';
import type { ClientInfo } from '../../server/client/clientSession.js';
import { terminalJson } from '../../term/visibleText.js';

interface ServerInfo {
  pid: number;
  socketPath: string;
  version: string;
  crashSweep: { message: string; at: string } | null;
  /** Absent from servers older than this client. */
  clients?: ClientInfo[];
  memory?: MemoryReport;
  /** Only with --loop-delay: null on the call that starts the measurement. */
  loopDelay?: LoopDelayFigures | null;
}

export const serverInfo = controlCommand({
  name: 'server-info',
  usage: `tessera server-info [--json] [--loop-delay]

  Prints the server's pid, socket path and version; each attached client (its workspace and size,
  whether the server writes its frames and reads its keys straight from its terminal or through
  its socket, and how many bytes wait for a terminal that is slow to read: above ${CLIENT_BACKLOG_BYTES >> 10} KB frames are
  skipped until it catches up); and where its memory goes: resident memory (of it, Node's own
  code), the JavaScript heap, memory outside the heap, and what the panes hold: their screens
  (kept in full by the terminal emulator; an estimate) and their history (lines that scrolled
  off, kept compactly). When the server, on starting, ended pane processes that a crashed
  server had left running, it says so here too.

  --loop-delay  also says how late the server's event loop ran (how long a key or a frame could
                have waited for it) since the previous 'server-info --loop-delay', then starts
                measuring again. The first call starts the measurement.`,
  flags: [jsonFlag, { name: 'loop-delay' }],
  toArgs: (args) => (boolFlag(args, 'loop-delay') ? { loopDelay: true } : {}),
  print(result, args, ctx) {
    const info = result as ServerInfo;
    if (boolFlag(args, 'json')) {
      ctx.out(`${terminalJson(info)}\n`);
      return;
    }
    ctx.out(`pid ${info.pid}, socket ${info.socketPath}, version ${info.version}\n`);
    if (info.clients) ctx.out(clientLines(info.clients));
    if (info.memory) ctx.out(memoryLines(info.memory));
    if (info.crashSweep) ctx.out(`${info.crashSweep.message} (${info.crashSweep.at})\n`);
    if (info.loopDelay === null) ctx.out('event-loop delay: measuring from now; run this again to see it\n');
    else if (info.loopDelay) ctx.out(`${loopDelayLine(info.loopDelay)}\n`);
  },
});

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
  return head + clients.map((c) => `  ${c.workspace} ${c.cols}x${c.rows}: ${routeText(c)}, ${sizeText(c.backlogBytes)} waiting\n`).join('');
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
