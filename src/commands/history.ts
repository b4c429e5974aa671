// tessera history: the pane sessions that ended, with the agent conversations they can resume.

import type { HistoryEntry } from '../store/historyEntry.js';
import { optStr } from '../protocol/validate.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { boolFlag, stringFlag } from './argParser.js';
import { defineCommand } from './contract.js';
import { jsonFlag } from './targets.js';

export interface HistoryArgs {
  /** Only this workspace's sessions. */
  workspace?: string;
}

export interface HistoryResult {
  /** Oldest first. */
  entries: readonly HistoryEntry[];
  /** Why the history file could not be read (or written), if it could not. */
  problem: string | null;
}

export const history = defineCommand<HistoryArgs, HistoryResult>({
  name: 'history',
  summary: 'list ended pane sessions (and the agent conversations to resume)',
  usage: `tessera history [-t WORKSPACE] [--json]

  Every pane session that lasted more than 10 seconds, oldest first: its id (h1, h2, …), when it
  started and how long it ran, how it ended ('done' on its own, 'killed' when it was closed, put to
  sleep or the server stopped), exit status, workspace, folder, what ran and, for an agent, its
  conversation id. 'tessera new-pane --resume h12' continues an agent's conversation in a new pane.
  Without a running server it reads the history file and starts none.
  --json prints the entries as a JSON list.`,
  flags: [{ name: 'target', short: 't', value: true }, jsonFlag],
  fromCli: (args) => ({ workspace: stringFlag(args, 'target') }),
  parse: (fields) => ({ workspace: optStr(fields.workspace, 'workspace', 64) }),
  // The history is a file: without a server it is read as the server would (a session still running is in neither).
  offline: async (args, caller) => ({ result: (await import('./offline/recordsOnDisk.js')).storedHistory(caller, args.workspace) }),
  print({ entries, problem }, args, output) {
    if (problem) output.err(`tessera: ${problem}\n`);
    if (boolFlag(args, 'json')) {
      output.out(`${terminalJson(entries, 2)}\n`);
      return;
    }
    if (entries.length === 0) output.out('no sessions yet (sessions shorter than 10 s are not kept)\n');
    for (const e of entries) output.out(`${line(e)}\n`);
  },
});

function line(e: HistoryEntry): string {
  const start = new Date(e.start);
  const when = `${start.toISOString().slice(0, 10)} ${start.toTimeString().slice(0, 5)}`;
  const status = e.exitStatus === undefined ? e.outcome : `${e.outcome} ${e.exitStatus}`;
  // What ran, where and the conversation id come from the history file: one line, controls as marks.
  const session = e.sessionId ? `  conversation ${visibleText(e.sessionId)}` : '';
  return `${e.id.padEnd(5)} ${when}  ${duration(e.durationMs).padStart(7)}  ${status.padEnd(9)} ${visibleText(e.workspace)}  ${visibleText(e.command)}  (${visibleText(e.cwd)})${session}`;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
