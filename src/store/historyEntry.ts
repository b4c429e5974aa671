// One ended pane session as the history file keeps it, and the strict reader for entries from disk.

import path from 'node:path';
import { InvalidInput, int, oneOf, optStr, record, str, strArray, type Fields } from '../protocol/validate.js';
import { PANE_KINDS } from './workspaceRecord.js';

export const HISTORY_OUTCOMES = ['done', 'killed'] as const;

export interface HistoryEntry {
  /** `h1`, `h2`, …: what `tessera history` shows and `new-pane --resume` takes. */
  id: string;
  workspace: string;
  paneKind: (typeof PANE_KINDS)[number];
  agent?: string;
  /** What ran, as the user would write it. */
  command: string;
  /** For an agent: its program's own arguments (without tessera's flags), to start it the same way again. */
  argv?: string[];
  cwd: string;
  /** ISO 8601. */
  start: string;
  durationMs: number;
  /** The program's exit status (128 + N for signal N); absent when unknown. */
  exitStatus?: number;
  /** `done`: the program ended on its own; `killed`: tessera ended it (close, kill-pane, sleep, restart, kill-server). */
  outcome: (typeof HISTORY_OUTCOMES)[number];
  /** The agent's conversation id, when known: `new-pane --resume ENTRY` continues it. */
  sessionId?: string;
  model?: string;
  effort?: string;
}

const ENTRY_ID = /^h[1-9]\d{0,9}$/;

export const isHistoryEntryId = (text: string): boolean => ENTRY_ID.test(text);

export function parseHistoryEntry(value: unknown, what: string): HistoryEntry {
  const f: Fields = record(value, what);
  const id = str(f.id, `${what}.id`, 16);
  if (!isHistoryEntryId(id)) throw new InvalidInput(`${what}.id must look like h12`);
  const cwd = str(f.cwd, `${what}.cwd`);
  if (!path.isAbsolute(cwd)) throw new InvalidInput(`${what}.cwd must be an absolute path`);
  const start = str(f.start, `${what}.start`, 64);
  if (Number.isNaN(Date.parse(start))) throw new InvalidInput(`${what}.start must be a date`);
  const entry: HistoryEntry = {
    id,
    workspace: str(f.workspace, `${what}.workspace`, 64),
    paneKind: oneOf(f.paneKind, `${what}.paneKind`, PANE_KINDS),
    agent: optStr(f.agent, `${what}.agent`, 64),
    command: str(f.command, `${what}.command`, 8192),
    argv: f.argv === undefined ? undefined : strArray(f.argv, `${what}.argv`),
    cwd,
    start,
    durationMs: int(f.durationMs, `${what}.durationMs`, 0, Number.MAX_SAFE_INTEGER),
    exitStatus: f.exitStatus === undefined ? undefined : int(f.exitStatus, `${what}.exitStatus`, -1, 1024),
    outcome: oneOf(f.outcome, `${what}.outcome`, HISTORY_OUTCOMES),
    sessionId: optStr(f.sessionId, `${what}.sessionId`, 200),
    model: optStr(f.model, `${what}.model`, 200),
    effort: optStr(f.effort, `${what}.effort`, 32),
  };
  for (const key of Object.keys(entry) as (keyof HistoryEntry)[]) if (entry[key] === undefined) delete entry[key];
  return entry;
}
