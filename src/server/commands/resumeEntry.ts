// `new-pane --resume hN`: what to start to continue the conversation of a history entry.

import fs from 'node:fs';
import { EFFORTS, type Effort } from '../../agents/launch/options.js';
import { resolveBinary } from '../../shell/resolveBinary.js';
import { configDirectory } from '../../store/configDir.js';
import type { HistoryEntry } from '../../store/historyEntry.js';
import type { AgentRequest } from '../panes/launchPlan.js';
import { RefusedError } from '../refusedError.js';
import type { CommandContext } from './command.js';

export interface ResumePlan {
  agent: AgentRequest;
  argv: string[] | undefined;
  cwd: string | undefined;
  /** Said to the user when the conversation is gone and a new one starts. */
  note?: string;
}

export async function resumeFromHistory(id: string, ctx: CommandContext): Promise<ResumePlan> {
  const env = ctx.env;
  const entry: HistoryEntry | undefined = ctx.history.find(id);
  if (!entry) throw new RefusedError(`no history entry '${id}' ('tessera history' lists them)`);
  if (entry.paneKind !== 'agent' || entry.agent === undefined) throw new RefusedError(`history entry ${id} is not an agent session: only agents can be resumed`);
  const cwd = isDirectory(entry.cwd) ? entry.cwd : undefined;
  const effort = (EFFORTS as readonly string[]).includes(entry.effort ?? '') ? (entry.effort as Effort) : undefined;
  const agent: AgentRequest = { kind: entry.agent, model: entry.model, effort };
  if (entry.sessionId === undefined) return { agent, argv: entry.argv, cwd, note: `history entry ${id} has no conversation id; ${entry.agent} starts a new one` };
  const program = resolveBinary(entry.agent, { configDir: configDirectory(env), envPath: env.PATH, uid: process.getuid?.() });
  const found = await ctx.sessions.existsFor(entry.agent, entry.sessionId, cwd ?? entry.cwd, program.ok ? program.path : undefined);
  if (!found) return { agent, argv: entry.argv, cwd, note: `${entry.agent} no longer has conversation ${entry.sessionId}; it starts a new one` };
  return { agent: { ...agent, resume: { sessionId: entry.sessionId } }, argv: entry.argv, cwd };
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
