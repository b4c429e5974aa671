// A view of another machine's workspace (tessera -H HOST attach) that survives its link: when the link
// breaks (ssh killed, a laptop that slept, keep-alives unanswered), the server there keeps everything;
// this client says so, tries again with a growing pause, and shows the workspace again once it is back.

import { runAttachedSession, type AttachEnd } from '../client/attach.js';
import { RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '../limits.js';
import { HostLinkError } from '../remote/hostLinkError.js';
import type { CliContext } from './command.js';

export async function attachThroughLink(ctx: CliContext, options: { workspace?: string; createCwd?: string; startServer: boolean }): Promise<number> {
  return (await viewThroughLink(ctx, options)).code;
}

/** attachThroughLink, saying how the view ended; `quiet`: the reason is not printed (the caller shows it). */
export async function viewThroughLink(ctx: CliContext, options: { workspace?: string; createCwd?: string; startServer: boolean; quiet?: boolean }): Promise<AttachEnd> {
  const host = ctx.host ?? '';
  let delay = RECONNECT_FIRST_DELAY_MS;
  let first = true;
  for (;;) {
    let socket;
    try {
      socket = await ctx.connect(first ? options.startServer : false);
    } catch (error) {
      if (first || !linkProblem(error)) throw error;
      ctx.err(`tessera: ${(error as Error).message}\n`);
      delay = await pause(ctx, host, delay);
      continue;
    }
    // After a break, the server there shows the workspace it showed last (its most recent): the one this view had.
    const view = { env: ctx.env, remote: true, quiet: options.quiet };
    const end = await runAttachedSession(socket, first ? { ...view, workspace: options.workspace, createCwd: options.createCwd } : view);
    first = false;
    if (end.lost === undefined || !linkProblem(end.lost)) return end;
    delay = await pause(ctx, host, RECONNECT_FIRST_DELAY_MS);
  }
}

/** A link that broke or a host that cannot be reached now: worth another try. Anything else (another version there) is not. */
function linkProblem(error: unknown): boolean {
  return error instanceof HostLinkError && (error.problem === 'broken' || error.problem === 'unreachable');
}

/** Says when the next try is, waits, and gives the pause after it. */
async function pause(ctx: CliContext, host: string, delay: number): Promise<number> {
  ctx.err(`tessera: reconnecting to ${host} in ${Math.round(delay / 1000)} s (everything keeps running there; Ctrl-C stops trying)\n`);
  await new Promise((resolve) => setTimeout(resolve, delay));
  return Math.min(delay * 2, RECONNECT_MAX_DELAY_MS);
}
