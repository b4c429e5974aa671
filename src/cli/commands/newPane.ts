// tessera new-pane: an agent, a shell or any command in a new pane, with model, effort and an initial prompt.

import path from 'node:path';
import { UsageError, boolFlag, stringFlag } from '../argParser.js';
import { controlCommand } from '../controlCommand.js';

export const newPane = controlCommand({
  name: 'new-pane',
  usage: `tessera new-pane [-t WORKSPACE] --agent KIND [--model M] [--effort low|medium|high]
                  [--prompt TEXT] [--resume latest|SESSION] [--bypass-permissions]
                  [--right|--down] [-d] [-c DIR] [-- AGENT ARGS…]
       tessera new-pane [-t WORKSPACE] --resume ENTRY [--right|--down] [-d] [-c DIR]
       tessera new-pane [-t WORKSPACE] --shell COMMAND [--right|--down] [-d] [-c DIR]
       tessera new-pane [-t WORKSPACE] [--right|--down] [-d] [-c DIR] -- COMMAND ARGS…

  Splits the workspace's focused pane (default: to the right) and starts the agent, shell or
  command there; typed inside a pane without -t, it splits that pane.
  KIND is claude, codex, opencode, gemini, or an agent defined in your settings.
  --prompt TEXT is pasted into the agent once it is ready for input (exactly once); it is sent
  as plain text: escape sequences and control characters in it are removed, never interpreted.
  --bypass-permissions starts the agent with its own "skip permission prompts" flag: it then runs
  tools and commands WITHOUT asking you. An agent that is not installed gets a pane that says how
  to install it, and nothing is started. Prints the new pane's id.
  --resume latest continues the agent's most recent conversation in the folder, --resume SESSION
  the conversation with that id, and --resume ENTRY (an id from 'tessera history', like h12) the
  conversation of that history entry, with its agent, model and folder. When the agent no longer
  has that conversation, a new one starts and tessera says so.`,
  flags: [
    { name: 'target', short: 't', value: true },
    { name: 'agent', short: 'a', value: true },
    { name: 'shell', value: true },
    { name: 'model', short: 'm', value: true },
    { name: 'effort', short: 'e', value: true },
    { name: 'prompt', short: 'p', value: true },
    { name: 'resume', value: true },
    { name: 'bypass-permissions' },
    { name: 'right', short: 'h' },
    { name: 'down', short: 'v' },
    { name: 'detached', short: 'd' },
    { name: 'cwd', short: 'c', value: true },
  ],
  toArgs(args, ctx) {
    if (boolFlag(args, 'right') && boolFlag(args, 'down')) throw new UsageError('use only one of --right or --down');
    const cwd = stringFlag(args, 'cwd');
    return {
      workspace: stringFlag(args, 'target'),
      agent: stringFlag(args, 'agent'),
      shell: stringFlag(args, 'shell'),
      model: stringFlag(args, 'model'),
      effort: stringFlag(args, 'effort'),
      prompt: stringFlag(args, 'prompt'),
      resume: stringFlag(args, 'resume'),
      bypassPermissions: boolFlag(args, 'bypass-permissions') ? true : undefined,
      side: boolFlag(args, 'down') ? 'down' : 'right',
      keepFocus: boolFlag(args, 'detached'),
      cwd: cwd === undefined ? undefined : path.resolve(ctx.cwd, cwd),
      args: args.rest,
    };
  },
  print(result, _args, ctx) {
    const { id, note } = result as { id: number; note?: string | null };
    if (note) ctx.err(`tessera: ${note}\n`);
    ctx.out(`${String(id)}\n`);
  },
});
