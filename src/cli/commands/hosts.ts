// tessera hosts: each host of the hosts setting and the state of its link: as the server running here
// keeps it (what its strip shows), or, with no server here (or one that keeps no links yet), as found
// now by reaching each host.

import { boolFlag } from '../../commands/argParser.js';
import type { HostLinkInfo, ServerInfo } from '../../commands/serverInfo.js';
import { NoServerError } from '../../client/errors.js';
import { sendRequest } from '../../client/request.js';
import { HostLinkError } from '../../remote/hostLinkError.js';
import { terminalJson } from '../../term/visibleText.js';
import type { CliCommand, CliContext } from '../command.js';
import { jsonFlag } from '../../commands/targets.js';
import { hostTarget, settingsForHosts } from '../hostContext.js';
import { askHost, type HostAnswer } from '../hostRequests.js';

export interface HostState {
  name: string;
  ssh: string;
  /**
   * connected: its tessera answered with this protocol; the rest say why not. connecting and
   * reconnecting come only from the server's links (the first try under way; a link that broke).
   */
  state: 'connected' | 'connecting' | 'reconnecting' | 'unreachable' | 'not-installed' | 'version-mismatch' | 'not-tessera' | 'broken' | 'error';
  version: string | null;
  protocol: number | null;
  hostname: string | null;
  /** Whether its server runs (null when the host was not reached). */
  server: 'running' | 'stopped' | null;
  /** Another name of the hosts setting that reaches the same server (one machine named twice). */
  sameAs: string | null;
  reason: string | null;
  fix: string | null;
  /** server: the links the server here keeps (as its strip shows them); host: each host reached now. */
  source: 'server' | 'host';
  /** From the server's links, while one is down: seconds until its next try (else null). */
  retryInSeconds: number | null;
}

export const hosts: CliCommand = {
  name: 'hosts',
  summary: 'the other machines of the hosts setting and the state of their links',
  usage: `tessera hosts [--json]

  One line per host of the "hosts" setting (see 'tessera help remote'): its name, its ssh
  destination and its link: connected (its tessera version, whether its server runs), connecting,
  reconnecting (a link that broke, tried again), unreachable (ssh's own reason and what fixes it: a
  host key to accept, a key to load, a name that does not resolve), not-installed (no tessera
  there), version-mismatch (both versions, and what to install).
  When a server runs here and a client has attached to it, these are its own links, as its strip
  shows them (nothing is asked of the hosts); otherwise each host is reached through ssh as
  'tessera -H NAME' does, all at once (ssh never asks for a password or a host key: BatchMode).
  The first line says which.
  --json   an array of { name, ssh, state, version, protocol, hostname, server: "running" |
           "stopped" | null, sameAs, reason, fix, source: "server" | "host", retryInSeconds }
  Exit status 0 when every host is connected, 1 otherwise (or when no hosts are set).`,
  flags: [jsonFlag],
  async run(args, ctx) {
    const settings = settingsForHosts(ctx.env);
    const names = Object.keys(settings.hosts);
    if (names.length === 0) {
      ctx.err(`tessera: no hosts are set; add some to the settings: "hosts": { "build1": "me@build1.example" } ('tessera help remote')\n`);
      return 1;
    }
    const server = await serverLinks(ctx);
    const states = server?.links ? fromServer(server.links, names) : markTwins((await Promise.all(names.map((name) => askHost(hostTarget(settings, name, ctx.env), 'server-info', false)))).map(stateOf));
    if (boolFlag(args, 'json')) ctx.out(`${terminalJson(states, 2)}\n`);
    else {
      ctx.out(`${sourceLine(server)}\n`);
      for (const state of states) ctx.out(`${formatState(state)}\n`);
    }
    return states.every((s) => s.state === 'connected') ? 0 : 1;
  },
};

/** What the server here said of its links: none kept yet (null), or none said (an older server: undefined). */
type ServerLinks = { pid: number; links: HostLinkInfo[] | null | undefined };

/** The server here and its links; undefined when no server runs here. */
async function serverLinks(ctx: CliContext): Promise<ServerLinks | undefined> {
  let socket;
  try {
    socket = await ctx.connect(false);
  } catch (error) {
    if (error instanceof NoServerError) return undefined;
    throw error;
  }
  const info = (await sendRequest(socket, 'server-info', {}, { cwd: ctx.cwd })) as ServerInfo;
  // A server older than this command does not report its links: each host is asked, as it was.
  return { pid: info.pid, links: Array.isArray(info.hostLinks) ? info.hostLinks : info.hostLinks === null ? null : undefined };
}

function sourceLine(server: ServerLinks | undefined): string {
  if (server === undefined) return 'no server runs here: each host reached now';
  if (server.links === undefined) return `the server here (pid ${server.pid}) is older and does not say its links: each host reached now`;
  if (server.links === null) return `the server here (pid ${server.pid}) keeps no links until a client attaches: each host reached now`;
  return `the links of the server here (pid ${server.pid}), as its strip shows them:`;
}

/** The server's links in the order of the settings read here (a host it does not know yet, after a change, is connecting). */
function fromServer(links: HostLinkInfo[], names: string[]): HostState[] {
  const states = names.map((name): HostState & { socket?: string } => {
    const link = links.find((l) => l.name === name);
    const base = { name, ssh: link?.ssh ?? '', version: link?.version ?? null, protocol: link?.protocol ?? null, hostname: link?.hostname ?? null, sameAs: null, source: 'server' as const };
    if (link === undefined) return { ...base, state: 'connecting', server: null, reason: null, fix: null, retryInSeconds: null };
    return { ...base, state: link.state, server: link.state === 'connected' ? 'running' : null, reason: link.reason, fix: link.fix, retryInSeconds: link.retryInSeconds, socket: link.socket ?? undefined };
  });
  return markTwins(states);
}

function stateOf(answer: HostAnswer<unknown>): HostState & { socket?: string } {
  const { target, hello } = answer;
  const base = { name: target.name, ssh: target.entry.ssh, version: hello?.version ?? null, protocol: hello?.protocol ?? null, hostname: hello?.hostname ?? null, sameAs: null, source: 'host' as const, retryInSeconds: null };
  if ('result' in answer) return { ...base, state: 'connected', server: answer.result === undefined ? 'stopped' : 'running', reason: null, fix: null, socket: hello?.socket };
  const error = answer.error;
  if (error instanceof HostLinkError) return { ...base, state: error.problem, server: null, reason: error.reason, fix: error.fix };
  return { ...base, state: 'error', server: null, reason: error.message, fix: null };
}

/** Two names whose bridges report the same machine and server socket are one server named twice. */
function markTwins(states: (HostState & { socket?: string })[]): HostState[] {
  return states.map(({ socket, ...state }, index) => {
    const twin = states.find((other, before) => before < index && other.socket !== undefined && other.socket === socket && other.hostname === state.hostname);
    return { ...state, sameAs: twin?.name ?? null };
  });
}

function formatState(s: HostState): string {
  const head = `${s.name} (${s.ssh}):`;
  if (s.state === 'connected') {
    const twin = s.sameAs === null ? '' : `; the same server as ${s.sameAs}`;
    return `${head} connected, tessera ${s.version} on ${s.hostname}, server ${s.server === 'running' ? 'running' : 'not running (a command starts it)'}${twin}`;
  }
  if (s.state === 'connecting') return `${head} connecting`;
  const retry = s.retryInSeconds === null ? '' : ` (trying again in ${s.retryInSeconds} s)`;
  return `${head} ${s.state}: ${s.reason}${s.fix ? `; ${s.fix}` : ''}${retry}`;
}
