// tessera hosts: each host of the hosts setting and the state of its link, as found now.

import { boolFlag } from '../../commands/argParser.js';
import { HostLinkError } from '../../remote/hostLinkError.js';
import { terminalJson } from '../../term/visibleText.js';
import type { CliCommand } from '../command.js';
import { jsonFlag } from '../controlCommand.js';
import { hostTarget, settingsForHosts } from '../hostContext.js';
import { askHost, type HostAnswer } from '../hostRequests.js';

export interface HostState {
  name: string;
  ssh: string;
  /** connected: its tessera answered with this protocol; the rest say why not. */
  state: 'connected' | 'unreachable' | 'not-installed' | 'version-mismatch' | 'not-tessera' | 'broken' | 'error';
  version: string | null;
  protocol: number | null;
  hostname: string | null;
  /** Whether its server runs (null when the host was not reached). */
  server: 'running' | 'stopped' | null;
  /** Another name of the hosts setting that reaches the same server (one machine named twice). */
  sameAs: string | null;
  reason: string | null;
  fix: string | null;
}

export const hosts: CliCommand = {
  name: 'hosts',
  summary: 'the other machines of the hosts setting and the state of their links',
  usage: `tessera hosts [--json]

  One line per host of the "hosts" setting (see 'tessera help remote'): its name, its ssh
  destination and its link: connected (its tessera version, whether its server runs), unreachable
  (ssh's own reason and what fixes it: a host key to accept, a key to load, a name that does not
  resolve), not-installed (no tessera there), version-mismatch (both versions, and what to install).
  Each host is reached through ssh as 'tessera -H NAME' does, all at once; ssh never asks for a
  password or a host key (BatchMode).
  --json   an array of { name, ssh, state, version, protocol, hostname, server: "running" |
           "stopped" | null, sameAs, reason, fix }
  Exit status 0 when every host is connected, 1 otherwise (or when no hosts are set).`,
  flags: [jsonFlag],
  async run(args, ctx) {
    const settings = settingsForHosts(ctx.env);
    const names = Object.keys(settings.hosts);
    if (names.length === 0) {
      ctx.err(`tessera: no hosts are set; add some to the settings: "hosts": { "build1": "me@build1.example" } ('tessera help remote')\n`);
      return 1;
    }
    const answers = await Promise.all(names.map((name) => askHost(hostTarget(settings, name, ctx.env), 'server-info', false)));
    const states = markTwins(answers.map(stateOf));
    if (boolFlag(args, 'json')) ctx.out(`${terminalJson(states, 2)}\n`);
    else for (const state of states) ctx.out(`${formatState(state)}\n`);
    return states.every((s) => s.state === 'connected') ? 0 : 1;
  },
};

function stateOf(answer: HostAnswer<unknown>): HostState & { socket?: string } {
  const { target, hello } = answer;
  const base = { name: target.name, ssh: target.entry.ssh, version: hello?.version ?? null, protocol: hello?.protocol ?? null, hostname: hello?.hostname ?? null, sameAs: null };
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
  return `${head} ${s.state}: ${s.reason}${s.fix ? `; ${s.fix}` : ''}`;
}
