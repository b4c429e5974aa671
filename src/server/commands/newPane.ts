// new-pane: an agent, a shell or any command in a new pane of a workspace, with launch options and a prompt.

import { EFFORTS } from '../../agents/launch/options.js';
import { oneOf, optBool, optStr, optStrArray } from '../../protocol/validate.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import { RefusedError, type Workspace } from '../workspace.js';
import type { CommandContext, ServerCommand } from './command.js';
import type { Fields } from '../../protocol/validate.js';
import { callerPane, targetWorkspace } from './targets.js';

export const newPane: ServerCommand = {
  name: 'new-pane',
  run(args, ctx) {
    const { workspace, splitPaneId } = whereToAdd(args, ctx);
    const agentKind = optStr(args.agent, 'agent', 64);
    const shell = optStr(args.shell, 'shell', 1024);
    const argv = optStrArray(args.args, 'args');
    if (agentKind === undefined && shell === undefined && (argv === undefined || argv.length === 0)) {
      throw new RefusedError('new-pane needs --agent KIND, --shell COMMAND or -- COMMAND');
    }
    if (agentKind !== undefined && shell !== undefined) throw new RefusedError('give either --agent or --shell, not both');
    const prompt = optStr(args.prompt, 'prompt', 200_000);
    if (prompt !== undefined) {
      if (agentKind === undefined) throw new RefusedError('--prompt is for agent panes (a plain shell never gets one)');
      checkPrompt(prompt);
    }
    const effort = args.effort === undefined ? undefined : oneOf(args.effort, 'effort', EFFORTS);
    const resumeId = optStr(args.resume, 'resume', 200);
    const pane = ctx.registry.split(splitPaneId, oneOf(args.side ?? 'right', 'side', ['right', 'down'] as const), {
      cwd: optStr(args.cwd, 'cwd'),
      keepFocus: optBool(args.keepFocus, 'keepFocus') ?? false,
      launch: {
        agent:
          agentKind === undefined
            ? undefined
            : {
                kind: agentKind,
                model: optStr(args.model, 'model', 200),
                effort,
                bypassPermissions: optBool(args.bypassPermissions, 'bypassPermissions'),
                resume: resumeId === undefined ? undefined : resumeId === 'latest' ? 'latest' : { sessionId: resumeId },
              },
        argv,
        shell,
        prompt,
        requestDir: ctx.cwd,
      },
    });
    return { id: pane.id, workspace: workspace.name, status: pane.status };
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
