// The local server's links to the hosts of the `hosts` setting: one HostMirror each, opened when the
// first client attaches (a server only asked commands never reaches other machines) and kept while the
// server runs; a change of the setting opens and closes links to match it.

import type { WaitingQuestion } from '../../commands/approvals.js';
import type { StripEntry } from '../../app/strip/model.js';
import type { EventBody } from '../../protocol/events.js';
import type { HostLinkInfo } from '../../commands/serverInfo.js';
import { controlDirectory } from '../../remote/controlDir.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { HostMirror } from './hostMirror.js';

/** A host whose link is down shows as one entry with this state word after its name. */
export const RECONNECTING_WORD = 'reconnecting';

export class HostLinks {
  private readonly mirrors = new Map<string, HostMirror>();
  private started = false;

  constructor(
    private readonly settings: () => Settings,
    private readonly env: NodeJS.ProcessEnv,
    private readonly changed: () => void,
    private readonly log: (text: string) => void,
    /** The hosts' events, each tagged with its host, for this server's own stream. */
    private readonly publish: (body: EventBody) => void = () => {},
  ) {}

  /** From the first attached client on. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.sync();
  }

  /** The setting changed: links for new hosts, none for removed ones (a changed entry is linked anew). */
  sync(): void {
    if (!this.started) return;
    const { hosts, sshCommand } = this.settings();
    for (const [name, mirror] of this.mirrors) {
      const entry = hosts[name];
      if (entry === undefined || JSON.stringify(entry) !== JSON.stringify(mirror.target.entry) || JSON.stringify(sshCommand) !== JSON.stringify(mirror.target.sshCommand)) {
        mirror.stop();
        this.mirrors.delete(name);
      }
    }
    for (const [name, entry] of Object.entries(hosts)) {
      if (this.mirrors.has(name)) continue;
      const mirror = new HostMirror({ name, entry, sshCommand, controlDir: controlDirectory(this.env), env: this.env }, this.changed, this.log, this.publish);
      this.mirrors.set(name, mirror);
      mirror.start();
    }
    this.changed();
  }

  get(name: string): HostMirror | undefined {
    return this.mirrors.get(name);
  }

  all(): HostMirror[] {
    return [...this.mirrors.values()];
  }

  stop(): void {
    for (const mirror of this.mirrors.values()) mirror.stop();
    this.mirrors.clear();
  }

  /** The questions waiting on every connected host, each with its host. */
  questions(): (WaitingQuestion & { host: string })[] {
    return this.all().flatMap((mirror) => (mirror.state.state === 'connected' ? mirror.state.questions.map((q) => ({ ...q, host: mirror.name })) : []));
  }

  /** How many panes need the user on every connected host (their servers' own counts). */
  needYou(): number {
    let count = 0;
    for (const mirror of this.mirrors.values()) if (mirror.state.state === 'connected') for (const w of mirror.state.workspaces) count += w.needsYou;
    return count;
  }

  /** Whether that host's question is still listed as waiting. */
  waits(host: string, question: string): boolean {
    const shown = this.mirrors.get(host)?.state;
    return shown?.state === 'connected' && shown.questions.some((q) => q.id === question);
  }

  /**
   * Answers a host's question through its link: `approve`/`deny --question ID` there, so a question
   * that is no longer the one waiting is refused by that host's server, as it is here.
   */
  async answer(host: string, pane: number, question: string, answer: 'allow' | 'deny'): Promise<void> {
    const mirror = this.mirrors.get(host);
    if (!mirror) throw new Error(`no host '${host}' in the hosts setting`);
    await mirror.request(answer === 'allow' ? 'approve' : 'deny', { pane: String(pane), question });
  }

  /** Each link as the strip knows it (tessera hosts); null while none is kept (no client has attached yet). */
  report(now = Date.now()): HostLinkInfo[] | null {
    return this.started ? this.all().map((mirror) => linkInfo(mirror, now)) : null;
  }

  /** The strip's entries of every host, after this machine's own: `HOST:NAME`, or `HOST reconnecting` while its link is down. */
  stripEntries(): StripEntry[] {
    return [...this.mirrors.values()].flatMap((mirror): StripEntry[] => {
      const shown = mirror.state;
      if (shown.state === 'connected') {
        return shown.workspaces.map((w) => ({ name: `${mirror.name}:${w.name}`, state: w.state, current: false, diff: w.diff, merged: w.merged, host: { name: mirror.name, path: w.path, needsYou: w.needsYou } }));
      }
      const why = shown.state === 'reconnecting' ? shown.reason : 'connecting';
      return [{ name: `${mirror.name} ${shown.state === 'reconnecting' ? RECONNECTING_WORD : 'connecting'}`, state: 'dormant', current: false, host: { name: mirror.name, path: '', needsYou: 0, down: why } }];
    });
  }
}

/** Link problems that say what is wrong with the host itself; any other (a link that broke) is `reconnecting`. */
const SAID_PROBLEMS = new Set(['unreachable', 'not-installed', 'version-mismatch', 'not-tessera']);

function linkInfo(mirror: HostMirror, now: number): HostLinkInfo {
  const hello = mirror.hello;
  const base = { name: mirror.name, ssh: mirror.target.entry.ssh, version: hello?.version ?? null, protocol: hello?.protocol ?? null, hostname: hello?.hostname ?? null, socket: hello?.socket ?? null };
  const shown = mirror.state;
  if (shown.state !== 'reconnecting') return { ...base, state: shown.state, reason: null, fix: null, retryInSeconds: null };
  const said = shown.problem !== undefined && SAID_PROBLEMS.has(shown.problem);
  return {
    ...base,
    state: said ? (shown.problem as HostLinkInfo['state']) : 'reconnecting',
    reason: said ? (shown.detail ?? shown.reason) : shown.reason,
    fix: shown.fix || null,
    retryInSeconds: Math.max(0, Math.ceil((shown.retryAt - now) / 1000)),
  };
}
