// new-pane: an agent (or a shell) in a new pane of a workspace, with launch options and a prompt.

import { newPane as definition } from '../../commands/newPane.js';
import { isHistoryEntryId } from '../../store/historyEntry.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import type { AgentRequest } from '../panes/launchPlan.js';
import { RefusedError, type Workspace } from '../workspaces/workspace.js';
import { implement, type CommandContext } from './command.js';
import { resumeFromHistory } from './resumeEntry.js';
import { callerPane } from './targets.js';

export const newPane = implement(definition, async (args, ctx) => {
  const { workspace, splitPaneId } = whereToAdd(args.workspace, ctx);
  const agentKind = args.agent;
  const shell = args.shell;
  let argv = args.args;
  const fromHistory = args.resume !== undefined && isHistoryEntryId(args.resume);
  if (agentKind === undefined && shell === undefined && !fromHistory && (argv === undefined || argv.length === 0)) {
    throw new RefusedError('new-pane needs --agent KIND, --shell COMMAND, --resume ENTRY or -- COMMAND');
  }
  if (fromHistory && shell !== undefined) throw new RefusedError('--resume ENTRY starts the agent of that entry: leave out --shell');
  if (agentKind !== undefined && shell !== undefined) throw new RefusedError('give either --agent or --shell, not both');
  const prompt = args.prompt;
  if (prompt !== undefined) {
    if (agentKind === undefined && !fromHistory) throw new RefusedError('--prompt is for agent panes (a plain shell never gets one)');
    checkPrompt(prompt);
  }
  const { effort, model, bypassPermissions, resume: resumeId } = args;
  let agent: AgentRequest | undefined =
    agentKind === undefined
      ? undefined
      : { kind: agentKind, model, effort, bypassPermissions, resume: resumeId === undefined ? undefined : resumeId === 'latest' ? 'latest' : { sessionId: resumeId } };
  let cwd = args.cwd;
  let note: string | undefined;
  if (resumeId !== undefined && fromHistory) {
    const plan = await historyResume(resumeId, agentKind, ctx);
    agent = { ...plan.agent, model: model ?? plan.agent.model, effort: effort ?? plan.agent.effort, bypassPermissions };
    argv = argv ?? plan.argv;
    cwd = cwd ?? plan.cwd;
    note = plan.note;
  }
  const pane = ctx.registry.split(splitPaneId, args.side, {
    cwd,
    keepFocus: args.keepFocus,
    launch: { agent, argv, shell, prompt, requestDir: ctx.cwd },
  });
  return { id: pane.id, workspace: workspace.name, status: pane.status, sessionId: pane.sessionId ?? null, note: note ?? null };
});

/** `-t WORKSPACE` splits its focused pane; without it, the pane the command was typed in, else the latest workspace's. */
function whereToAdd(workspaceName: string | undefined, ctx: CommandContext): { workspace: Workspace; splitPaneId: number } {
  const named = workspaceName === undefined ? undefined : ctx.registry.require(workspaceName);
  if (named) return { workspace: named, splitPaneId: named.focusedPaneId };
  const caller = callerPane(ctx);
  if (caller) return { workspace: caller.workspace, splitPaneId: caller.pane.id };
  const recent = ctx.registry.mostRecent();
  if (!recent) throw new RefusedError("there are no workspaces; start one with 'tessera new'");
  return { workspace: recent, splitPaneId: recent.focusedPaneId };
}

/** `--resume hN`: the agent, options, folder and conversation of a history entry. */
async function historyResume(id: string, agentKind: string | undefined, ctx: CommandContext) {
  const plan = await resumeFromHistory(id, ctx);
  if (agentKind !== undefined && agentKind !== plan.agent.kind) {
    throw new RefusedError(`history entry ${id} is a ${plan.agent.kind} session, not ${agentKind}: leave out --agent`);
  }
  return plan;
}
