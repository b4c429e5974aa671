// A view of another machine's workspace (tessera -H HOST attach) that survives its link: when the link
// breaks (ssh killed, a laptop that slept, keep-alives unanswered), the server there keeps everything;
// this client says so, tries again with a growing pause, and shows the workspace again once it is back.
// Meanwhile it keeps the keyboard (keysWhileDown): nothing typed is sent, and the detach key stops trying.

import type { Duplex } from 'node:stream';
import { runAttachedSession, type AttachEnd } from '../client/attach.js';
import { RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '../limits.js';
import { HostLinkError } from '../remote/hostLinkError.js';
import type { CliContext } from './command.js';
import { keysWhileDown, type StopKey } from './keysWhileDown.js';

export interface ViewOptions {
  workspace?: string;
  /** The pane of `workspace` to show focused. */
  pane?: number;
  createCwd?: string;
  startServer: boolean;
  /** The reason the view ended is not printed (the caller shows it). */
  quiet?: boolean;
  /** The workspace of this machine the view came from: the detach key goes back there while the link is down, and Ctrl-C does not end the client. */
  backTo?: string;
}

export async function attachThroughLink(ctx: CliContext, options: ViewOptions): Promise<number> {
  return (await viewThroughLink(ctx, options)).code;
}

/** attachThroughLink, saying how the view ended. */
export async function viewThroughLink(ctx: CliContext, options: ViewOptions): Promise<AttachEnd> {
  const host = ctx.host ?? '';
  const view = { env: ctx.env, remote: true, quiet: options.quiet };
  let end = await runAttachedSession(await ctx.connect(options.startServer), { ...view, workspace: options.workspace, pane: options.pane, createCwd: options.createCwd });
  // After a break, the server there shows the workspace it showed last (its most recent): the one this view had.
  while (end.lost !== undefined && linkProblem(end.lost)) {
    const back = await reconnect(ctx, host, options);
    if ('stopped' in back) return back.stopped;
    end = await runAttachedSession(back.socket, view);
  }
  return end;
}

/** Tries again with a growing pause until the host answers or the user stops trying. */
async function reconnect(ctx: CliContext, host: string, options: ViewOptions): Promise<{ socket: Duplex } | { stopped: AttachEnd }> {
  const say = (line: string) => ctx.err(`${line}\r\n`);
  const keys = keysWhileDown({ env: ctx.env, host, backTo: options.backTo, say });
  try {
    for (let delay = RECONNECT_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, RECONNECT_MAX_DELAY_MS)) {
      say(`tessera: reconnecting to ${host} in ${Math.round(delay / 1000)} s (everything keeps running there; ${keys.stopHint})`);
      const waited = await Promise.race([new Promise<undefined>((resolve) => setTimeout(resolve, delay)), keys.stopped]);
      if (waited !== undefined) return { stopped: stoppedEnd(host, waited, options.quiet === true, ctx) };
      const attempt = ctx.connect(false);
      const outcome = await Promise.race([attempt.then((socket) => ({ socket }), (error: unknown) => ({ error })), keys.stopped.then((key) => ({ key }))]);
      if ('key' in outcome) {
        // The try still under way is let go as it ends: its link is not used.
        attempt.then((socket) => socket.destroy(), () => {});
        return { stopped: stoppedEnd(host, outcome.key, options.quiet === true, ctx) };
      }
      if ('socket' in outcome) return outcome;
      if (!linkProblem(outcome.error)) throw outcome.error;
      say(`tessera: ${(outcome.error as Error).message}`);
    }
  } finally {
    keys.dispose();
  }
}

/** The user stopped trying: a detach (status 0, as detaching in the view), or Ctrl-C (130, as an interrupted command). */
function stoppedEnd(host: string, key: StopKey, quiet: boolean, ctx: CliContext): AttachEnd {
  const reason = `[tessera: stopped trying to reach ${host}; everything keeps running there]`;
  if (!quiet) ctx.err(`${reason}\r\n`);
  return { code: key === 'detach' ? 0 : 130, lost: undefined, reason };
}

/** A link that broke or a host that cannot be reached now: worth another try. Anything else (another version there) is not. */
function linkProblem(error: unknown): boolean {
  return error instanceof HostLinkError && (error.problem === 'broken' || error.problem === 'unreachable');
}

