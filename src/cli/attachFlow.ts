// Attaching the terminal: checks that there is one, asks before nesting, then runs the client.

import { runAttachedSession } from '../client/attach.js';
import { sendRequest } from '../client/request.js';
import { readProtocolRefusal } from '../protocol/messages.js';
import { VERSION } from '../version.js';
import type { UpgradeResult } from '../commands/upgrade.js';
import type { CliContext } from './command.js';
import { confirmNesting } from './nesting.js';

/**
 * True when this process can attach: a terminal on both ends, and consent when nested in a pane. `instead`:
 * what the command could do without a terminal (`new`'s -d), said with the refusal.
 */
export async function canAttach(ctx: CliContext, instead = "commands such as 'tessera ls', 'list-panes' and 'send-keys' need none"): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    ctx.err(`tessera: attaching needs a terminal (stdin and stdout must be a TTY); ${instead}\n`);
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
  // No workspace here has a ':' in its name: `HOST:NAME` (as the strip and `ls --all-hosts` name it) is another machine's.
  if (options.workspace?.includes(':')) return (await import('./hostView.js')).attachHostWorkspace(ctx, options.workspace);
  const attach = async (firstTry: boolean): Promise<number> => {
    const socket = await ctx.connect(options.startServer);
    let olderServer = false;
    const end = await runAttachedSession(socket, {
      version: VERSION,
      workspace: options.workspace,
      createCwd: options.createCwd,
      env: ctx.env,
      opensHosts: true,
      refused: (reason) => {
        const refusal = readProtocolRefusal(reason);
        olderServer = firstTry && refusal !== undefined && refusal.server < refusal.client;
        return olderServer;
      },
    });
    if (end.open) return (await import('./hostView.js')).showHostsFrom(ctx, end.open);
    if (!olderServer) return end.code;
    return (await moveServerHere(ctx)) ? attach(false) : 1;
  };
  return attach(true);
}

/**
 * A server older than this client (a new version was installed): it hands every pane to a server
 * of this version, and the client attaches to that one. Says what happened in one line.
 */
async function moveServerHere(ctx: CliContext): Promise<boolean> {
  const { OLD_SERVER, isOldServerAnswer, thisInstall, upgradeLine } = await import('../commands/upgrade.js');
  try {
    const socket = await ctx.connect(false);
    const result = (await sendRequest(socket, 'upgrade', { ...thisInstall() }, { cwd: ctx.cwd, callerPane: ctx.callerPane })) as UpgradeResult;
    ctx.err(`tessera: ${upgradeLine(result)}\n`);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    ctx.err(`tessera: ${isOldServerAnswer(message) ? OLD_SERVER : `the running server is older than this tessera and could not move to it: ${message}`}\n`);
    return false;
  }
}
