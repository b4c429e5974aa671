// Attaching the terminal: checks that there is one, asks before nesting, then runs the client.

import { runAttachedClient } from '../client/attach.js';
import type { CliContext } from './command.js';
import { confirmNesting } from './nesting.js';

/** True when this process can attach: a terminal on both ends, and consent when nested in a pane. */
export async function canAttach(ctx: CliContext): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    ctx.err('tessera: attaching needs a terminal (stdin and stdout must be a TTY); use -d to create without attaching\n');
    return false;
  }
  return confirmNesting(ctx.env, ctx.err);
}

export async function attachTerminal(
  ctx: CliContext,
  options: { workspace?: string; createCwd?: string; startServer: boolean; checked?: boolean },
): Promise<number> {
  if (!options.checked && !(await canAttach(ctx))) return 1;
  // Another machine's server cannot write to this terminal or read its keys itself: all goes through its
  // link, and a view of it reconnects when that breaks.
  if (ctx.host !== undefined) return (await import('./remoteAttach.js')).attachThroughLink(ctx, options);
  const socket = await ctx.connect(options.startServer);
  return runAttachedClient(socket, { workspace: options.workspace, createCwd: options.createCwd, env: ctx.env });
}
