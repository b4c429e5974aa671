// new: a workspace whose first pane runs a command (default: the user's shell), with the workspace's
// agent settings (initial prompt, bypass permissions).

import { optBool, optStr, optStrArray, str } from '../../protocol/validate.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import type { ServerCommand } from './command.js';

export const newWorkspace: ServerCommand = {
  name: 'new',
  run(args, ctx) {
    const prompt = optStr(args.prompt, 'prompt', 200_000);
    if (prompt !== undefined) checkPrompt(prompt);
    const workspace = ctx.registry.create({
      name: optStr(args.name, 'name', 256),
      cwd: str(args.cwd, 'cwd'),
      launch: { argv: optStrArray(args.command, 'command'), requestDir: ctx.cwd },
      settings: { prompt, bypassPermissions: optBool(args.bypassPermissions, 'bypassPermissions') ?? false, shell: optStr(args.shell, 'shell', 1024) },
    });
    return { name: workspace.name, pane: workspace.focusedPaneId };
  },
};
