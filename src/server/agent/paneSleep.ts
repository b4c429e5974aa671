// Sleep and wake: an agent's program is ended but its pane stays (shown asleep, its last screen kept); waking starts
// the agent again in its conversation (each CLI's own resume), or a new one when that conversation is gone.

import type { LaunchRequest } from '../panes/launchPlan.js';
import type { Pane } from '../panes/pane.js';
import { RefusedError } from '../refusedError.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { sessionsFor, type SessionTracker } from './sessionTracker.js';

export interface SleepContext {
  registry: WorkspaceRegistry;
  sessions: SessionTracker;
}

const DIM = '\x1b[0m\x1b[2m';
const RESET = '\x1b[0m';

export async function sleepPane(ctx: SleepContext, paneId: number): Promise<Pane> {
  const { pane, workspace } = ctx.registry.requirePane(paneId);
  if (pane.kind !== 'agent') throw new RefusedError(`pane ${paneId} runs no agent: only agent panes sleep ('tessera kill-pane' ends any pane)`);
  if (pane.asleep) throw new RefusedError(`pane ${paneId} is asleep already`);
  if (!pane.isLive) throw new RefusedError(`pane ${paneId}'s program has ended: nothing to put to sleep`);
  await ctx.sessions.refresh(pane); // the conversation it is in right now (a /clear may have changed it)
  pane.markAsleep();
  await pane.endProgram();
  const how = sessionsFor(pane) ? (pane.sessionId ? `resumes conversation ${pane.sessionId}` : 'starts it again') : 'starts it again';
  pane.emulator.write(`\r\n${DIM}[tessera: ${pane.agent} is asleep: Enter (or tessera wake -t ${pane.id}) ${how}]${RESET}\r\n`);
  workspace.notify();
  return pane;
}

export interface WakeResult {
  pane: Pane;
  /** Said to the user when the conversation could not be resumed. */
  note?: string;
}

export async function wakePane(ctx: SleepContext, paneId: number): Promise<WakeResult> {
  const { pane } = ctx.registry.requirePane(paneId);
  if (!pane.asleep) throw new RefusedError(`pane ${paneId} is not asleep`);
  const { resume, note } = await resumeTarget(ctx, pane);
  const woken = await ctx.registry.restartPane(paneId, (request) => againRequest(request, resume));
  return { pane: woken, note };
}

/** The conversation to continue, if the CLI still has it; otherwise a note saying a new one starts. */
export async function resumeTarget(ctx: SleepContext, pane: Pane): Promise<{ resume?: { sessionId: string }; note?: string }> {
  if (!sessionsFor(pane)) return {};
  const id = pane.sessionId;
  if (id === undefined) return { note: `pane ${pane.id}: no conversation of ${pane.agent} was recorded; it starts a new one` };
  if (await ctx.sessions.exists(pane, id)) return { resume: { sessionId: id } };
  return { note: `pane ${pane.id}: ${pane.agent} no longer has conversation ${id}; it starts a new one` };
}

/**
 * The same pane again: continuing `resume` (or a new conversation), and never the initial prompt a second time.
 * Not as `restored`: an agent that still cannot start is refused, and its pane stays asleep as it was.
 */
function againRequest(request: LaunchRequest, resume: { sessionId: string } | undefined): LaunchRequest {
  const agent = request.agent ? { ...request.agent, resume: undefined } : undefined;
  // An empty prompt (not undefined) also keeps the workspace's prompt from being pasted again.
  return { ...request, agent, resume, prompt: '', restored: undefined };
}
