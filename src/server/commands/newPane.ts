// new-pane: an agent (or a shell) in a new pane of a workspace, with launch options and a prompt.

import { EFFORTS } from '../../agents/launch/options.js';
import { oneOf, optBool, optStr, optStrArray } from '../../protocol/validate.js';
import type { Fields } from '../../protocol/validate.js';
import { isHistoryEntryId } from '../../store/historyEntry.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import type { AgentRequest } from '../launchPlan.js';
import { RefusedError, type Workspace } from '../workspace.js';
import type { CommandContext, ServerCommand } from './command.js';
import { resumeFromHistory } from './resumeEntry.js';
import { callerPane, targetWorkspace } from './targets.js';

export const newPane: ServerCommand = {
  name: 'new-pane',
  async run(args, ctx) {
    const { workspace, splitPaneId } = whereToAdd(args, ctx);
    const agentKind = optStr(args.agent, 'agent', 64);
    const shell = optStr(args.shell, 'shell', 1024);
    let argv = optStrArray(args.args, 'args');
    const fromHistory = typeof args.resume === 'string' && isHistoryEntryId(args.resume);
    if (agentKind === undefined && shell === undefined && !fromHistory && (argv === undefined || argv.length === 0)) {
      throw new RefusedError('new-pane needs --agent KIND, --shell COMMAND, --resume ENTRY or -- COMMAND');
    }
    if (fromHistory && shell !== undefined) throw new RefusedError('--resume ENTRY starts the agent of that entry: leave out --shell');
    if (agentKind !== undefined && shell !== undefined) throw new RefusedError('give either --agent or --shell, not both');
    const prompt = optStr(args.prompt, 'prompt', 200_000);
    if (prompt !== undefined) {
      if (agentKind === undefined && !fromHistory) throw new RefusedError('--prompt is for agent panes (a plain shell never gets one)');
      checkPrompt(prompt);
    }
    const effort = args.effort === undefined ? undefined : oneOf(args.effort, 'effort', EFFORTS);
    const resumeId = optStr(args.resume, 'resume', 200);
    const model = optStr(args.model, 'model', 200);
    const bypassPermissions = optBool(args.bypassPermissions, 'bypassPermissions');
    let agent: AgentRequest | undefined =
      agentKind === undefined
        ? undefined
        : { kind: agentKind, model, effort, bypassPermissions, resume: resumeId === undefined ? undefined : resumeId === 'latest' ? 'latest' : { sessionId: resumeId } };
    let cwd = optStr(args.cwd, 'cwd');
    let note: string | undefined;
    if (resumeId !== undefined && fromHistory) {
      const plan = await historyResume(resumeId, agentKind, ctx);
      agent = { ...plan.agent, model: model ?? plan.agent.model, effort: effort ?? plan.agent.effort, bypassPermissions };
      argv = argv ?? plan.argv;
      cwd = cwd ?? plan.cwd;
      note = plan.note;
    }
    const pane = ctx.registry.split(splitPaneId, oneOf(args.side ?? 'right', 'side', ['right', 'down'] as const), {
      cwd,
      keepFocus: optBool(args.keepFocus, 'keepFocus') ?? false,
      launch: { agent, argv, shell, prompt, requestDir: ctx.cwd },
    });
    return { id: pane.id, workspace: workspace.name, status: pane.status, sessionId: pane.sessionId ?? null, note: note ?? null };
  },
};

/** `-t WORKSPACE` splits its focused pane; without it, the pane the command was typed in, else the latest workspace's. */
function whereToAdd(args: Fields, ctx: CommandContext): { workspace: Workspace; splitPaneId: number } {
  const named = targetWorkspace(args, ctx);
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
