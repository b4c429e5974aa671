// tessera server-info: the running server's process and socket (for scripts and benchmarks), what it
// ended at start-up that a crashed server had left running, and where its memory goes.

import { boolFlag } from '../argParser.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';
import type { MemoryReport } from '../../server/memoryReport.js';

interface ServerInfo {
  pid: number;
  socketPath: string;
  version: string;
  crashSweep: { message: string; at: string } | null;
  memory?: MemoryReport;
}

export const serverInfo = controlCommand({
  name: 'server-info',
  usage: `tessera server-info [--json]

  Prints the server's pid, socket path and version, and where its memory goes: resident memory
  (of it, Node's own code), the JavaScript heap, memory outside the heap, and what the panes hold:
  their screens (kept in full by the terminal emulator; an estimate) and their history (lines that
  scrolled off, kept compactly). When the server, on starting, ended pane processes that a crashed
  server had left running, it says so here too.`,
  flags: [jsonFlag],
  toArgs: () => ({}),
  print(result, args, ctx) {
    const info = result as ServerInfo;
    if (boolFlag(args, 'json')) {
      ctx.out(`${JSON.stringify(info)}\n`);
      return;
    }
    ctx.out(`pid ${info.pid}, socket ${info.socketPath}, version ${info.version}\n`);
    if (info.memory) ctx.out(memoryLines(info.memory));
    if (info.crashSweep) ctx.out(`${info.crashSweep.message} (${info.crashSweep.at})\n`);
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

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
