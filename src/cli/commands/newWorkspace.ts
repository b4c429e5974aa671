// tessera new: a new workspace whose first pane runs a command (default: your shell).

import path from 'node:path';
import { connectOrStartServer } from '../../client/connect.js';
import { sendRequest } from '../../client/request.js';
import { boolFlag, stringFlag } from '../argParser.js';
import { attachTerminal, canAttach } from '../attachFlow.js';
import type { CliCommand } from '../command.js';

export const newWorkspace: CliCommand = {
  name: 'new',
  aliases: ['new-session'],
  usage: `tessera new [-s NAME] [-c DIR] [-d] [--shell CMD] [--prompt TEXT] [--bypass-permissions] [-- COMMAND ARGS…]

  Creates a workspace whose first pane runs COMMAND (default: your shell) in DIR
  (default: the current directory), then attaches to it.
  -s NAME   the workspace's name (letters, digits, '.', '_', '-'; default: a free number)
  -c DIR    the starting directory
  -d        create it without attaching (prints its name)
  --shell COMMAND        the shell for this workspace's terminal panes (e.g. "zsh -l")
  --prompt TEXT          pasted into every agent pane of this workspace once it is ready
  --bypass-permissions   agents in this workspace start with their "skip permission prompts"
                         flag: they run tools and commands WITHOUT asking you

  A COMMAND that names an agent (claude, codex, opencode, gemini) makes an agent pane.`,
  flags: [
    { name: 'name', short: 's', value: true },
    { name: 'cwd', short: 'c', value: true },
    { name: 'detached', short: 'd' },
    { name: 'prompt', short: 'p', value: true },
    { name: 'shell', value: true },
    { name: 'bypass-permissions' },
  ],
  async run(args, ctx) {
    const cwdFlag = stringFlag(args, 'cwd');
    const detached = boolFlag(args, 'detached');
    if (!detached && !(await canAttach(ctx))) return 1;
    const socket = await connectOrStartServer(ctx.socketPath, ctx.env);
    const result = (await sendRequest(
      socket,
      'new',
      {
        name: stringFlag(args, 'name'),
        cwd: path.resolve(ctx.cwd, cwdFlag ?? '.'),
        command: args.rest,
        prompt: stringFlag(args, 'prompt'),
        shell: stringFlag(args, 'shell'),
        bypassPermissions: boolFlag(args, 'bypass-permissions'),
        // Sized to the terminal that will attach, so its first program never starts at the wrong size.
        size: detached ? undefined : { cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 },
      },
      { cwd: ctx.cwd, callerPane: ctx.callerPane },
    )) as { name: string };
    if (detached) {
      ctx.out(`${result.name}\n`);
      return 0;
    }
    return attachTerminal(ctx, { workspace: result.name, startServer: false, checked: true });
  },
};
