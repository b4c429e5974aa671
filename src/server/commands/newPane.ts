// new-pane: an agent (or a shell) in a new pane of a workspace, with launch options and a prompt.

import { EFFORTS } from '../../agents/launch/options.js';
import { oneOf, optBool, optStr, optStrArray } from '../../protocol/validate.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import { RefusedError } from '../workspace.js';
import type { ServerCommand } from './command.js';
import { targetWorkspace } from './targets.js';

export const newPane: ServerCommand = {
  name: 'new-pane',
  run(args, ctx) {
    const workspace = targetWorkspace(args, ctx) ?? ctx.registry.mostRecent();
    if (!workspace) throw new RefusedError("there are no workspaces; start one with 'tessera new'");
    const agentKind = optStr(args.agent, 'agent', 64);
    const shell = optStr(args.shell, 'shell', 1024);
    if (agentKind === undefined && shell === undefined) throw new RefusedError('new-pane needs --agent KIND or --shell COMMAND');
    if (agentKind !== undefined && shell !== undefined) throw new RefusedError('give either --agent or --shell, not both');
    const prompt = optStr(args.prompt, 'prompt', 200_000);
    if (prompt !== undefined) {
      if (agentKind === undefined) throw new RefusedError('--prompt is for agent panes (a plain shell never gets one)');
      checkPrompt(prompt);
    }
    const effort = args.effort === undefined ? undefined : oneOf(args.effort, 'effort', EFFORTS);
    const resumeId = optStr(args.resume, 'resume', 200);
    const pane = ctx.registry.split(workspace.focusedPaneId, oneOf(args.side ?? 'right', 'side', ['right', 'down'] as const), {
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
        argv: optStrArray(args.args, 'args'),
        shell,
        prompt,
        requestDir: ctx.cwd,
      },
    });
    return { id: pane.id, workspace: workspace.name, status: pane.status };
  },
};
