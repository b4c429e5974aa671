// stop: a workspace's panes end, its record stays as they were (dormant; attach opens it again).

import { stopWorkspace as definition } from '../../commands/stopWorkspace.js';
import { sessionsFor } from '../agent/sessionTracker.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';

export const stopWorkspace = implement(definition, async (args, ctx) => {
  const workspace = ctx.registry.get(args.workspace);
  if (!workspace) {
    if (ctx.registry.records.get(args.workspace)) throw new RefusedError(`workspace '${args.workspace}' is dormant already (no pane runs); 'tessera attach -t ${args.workspace}' opens it`);
    throw new RefusedError(`no workspace named '${args.workspace}'`);
  }
  const agents = workspace.orderedPanes().filter((p) => p.kind === 'agent' && p.agent !== undefined);
  // A last look at each agent's conversation (a /clear since its last turn starts another), as sleep does.
  await Promise.all(agents.filter((p) => sessionsFor(p) && p.isLive).map((p) => ctx.sessions.refresh(p)));
  const panes = workspace.panes.size;
  await ctx.registry.stop(workspace.name, 'stopped');
  return { workspace: workspace.name, panes, agents: agents.map((p) => ({ pane: p.id, agent: p.agent as string, sessionId: p.sessionId ?? null })) };
});
