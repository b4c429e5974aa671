// Another machine's workspace shown from the local view (the switcher's HOST:NAME): the local server
// asks this client to show it (`open-host`) and ends its session; the client shows it through its own
// link to HOST, as `tessera -H HOST attach -t NAME` does (reconnecting when the link breaks), and when
// that view ends (the prefix, then d, there) attaches again to the local server. What went wrong on the
// way comes back as one line in the local status bar.

import { runAttachedSession, type AttachEnd, type HostView } from '../client/attach.js';
import { oneLine } from '../remote/hostLinkError.js';
import type { CliContext } from './command.js';
import { hostContext, hostTarget, settingsForHosts } from './hostContext.js';
import { UsageError } from '../commands/argParser.js';
import { attachThroughLink, viewThroughLink } from './remoteAttach.js';
import { VERSION } from '../version.js';

/**
 * From the local view that asked for `first`: the host's view, then the local view again (on the
 * workspace it showed), and so on while the user opens hosts' workspaces from it; resolves with the
 * exit status of the last local view, or 1 when this machine's server is gone meanwhile.
 */
export async function showHostsFrom(local: CliContext, first: HostView): Promise<number> {
  let view = first;
  for (;;) {
    const notice = await visitHost(local, view);
    const back = async (workspace: string | undefined, line: string | undefined): Promise<AttachEnd> => {
      let gone = false;
      const socket = await local.connect(false);
      const end = await runAttachedSession(socket, {
        version: VERSION,
        workspace,
        env: local.env,
        opensHosts: true,
        notice: line,
        // The workspace was removed meanwhile: the most recent one instead, saying so.
        refused: (reason) => (gone = workspace !== undefined && reason.includes(`no workspace named '${workspace}'`)),
      });
      return gone ? back(undefined, [`workspace ${workspace} is gone`, line].filter(Boolean).join('; ')) : end;
    };
    let end;
    try {
      end = await back(view.from, notice);
    } catch (error) {
      local.err(`tessera: back from ${view.host}:${view.workspace}, but this machine's server is gone: ${(error as Error).message}\n`);
      return 1;
    }
    if (end.open === undefined) return end.code;
    view = end.open;
  }
}

/**
 * Shows the host's workspace until its view ends; resolves with the line for the local status bar
 * (undefined after a plain detach). Never throws: a link that cannot be made is that line.
 */
export async function visitHost(local: CliContext, view: HostView): Promise<string | undefined> {
  const name = `${view.host}:${view.workspace}`;
  let remote: Awaited<ReturnType<typeof hostContext>>;
  try {
    // The host is looked up in this machine's own settings: the server names it, it does not say how to reach it.
    remote = await hostContext(hostTarget(settingsForHosts(local.env), view.host, local.env), local);
  } catch (error) {
    return `${name} could not be shown: ${oneLine((error as Error).message)}`;
  }
  try {
    const end = await viewThroughLink(remote.ctx, { workspace: view.workspace, pane: view.pane, startServer: true, quiet: true, backTo: view.from });
    return end.code === 0 ? undefined : `${name}: ${oneLine(end.reason.replace(/^\[tessera: (.*)\]$/s, '$1'))}`;
  } catch (error) {
    return `${name} could not be shown: ${oneLine((error as Error).message)}`;
  } finally {
    remote.close();
  }
}

/** `tessera attach -t HOST:NAME`: what `tessera -H HOST attach -t NAME` does (detaching there ends it, as with -H). */
export async function attachHostWorkspace(local: CliContext, target: string): Promise<number> {
  const at = target.indexOf(':');
  const host = target.slice(0, at);
  const workspace = target.slice(at + 1);
  if (host === '' || workspace === '') throw new UsageError(`'${target}' is neither a workspace here nor HOST:NAME (a workspace of a host of the hosts setting)`);
  const remote = await hostContext(hostTarget(settingsForHosts(local.env), host, local.env), local);
  try {
    return await attachThroughLink(remote.ctx, { workspace, startServer: true });
  } finally {
    remote.close();
  }
}
