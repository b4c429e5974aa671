// This server's view of one host: a link kept open (opened again with backoff when it breaks), the
// host's event stream followed, and its workspaces asked for again when an event says something
// changed (at most once per HOST_REFRESH_GAP_MS). What the strip and switcher show of the host.

import type { WaitingQuestion } from '../../commands/approvals.js';
import type { EventBody } from '../../protocol/events.js';
import { HOST_REFRESH_GAP_MS, RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '../../limits.js';
import type { BridgeHello } from '../../remote/bridgeWire.js';
import { openHostLink } from '../../remote/hostLink.js';
import { HostLinkError, type HostLinkProblem } from '../../remote/hostLinkError.js';
import type { HostTarget } from '../../remote/sshCommand.js';
import { visibleText } from '../../term/visibleText.js';
import { HostChannel } from './hostChannel.js';
import { relayedEvent } from './hostEvents.js';
import { remoteQuestions } from './remoteQuestions.js';
import { remoteWorkspaces, type RemoteWorkspace } from './remoteWorkspaces.js';

export type MirrorState =
  | { state: 'connecting' }
  | { state: 'connected'; workspaces: RemoteWorkspace[]; questions: WaitingQuestion[] }
  /**
   * The link is down: why (the whole line the strip shows), what kind of failure it was (`problem`,
   * with ssh's own `detail` and its fix, when the link said), and when the next try is (Date.now() time).
   */
  | { state: 'reconnecting'; reason: string; problem?: HostLinkProblem; detail?: string; fix?: string; retryAt: number };

export class HostMirror {
  private shown: MirrorState = { state: 'connecting' };
  private channel: HostChannel | undefined;
  private cwd = '/';
  private retry: NodeJS.Timeout | undefined;
  private delay = RECONNECT_FIRST_DELAY_MS;
  private refreshing = false;
  private refreshAgain = false;
  private refreshTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** What the host's bridge said of itself on the last link made. */
  private greeting: BridgeHello | undefined;

  constructor(
    readonly target: HostTarget,
    /** Something shown of the host changed. */
    private readonly changed: () => void,
    private readonly log: (text: string) => void,
    /** One of the host's events, for this server's own stream. */
    private readonly relay: (body: EventBody) => void = () => {},
  ) {}

  get name(): string {
    return this.target.name;
  }

  get state(): MirrorState {
    return this.shown;
  }

  get hello(): BridgeHello | undefined {
    return this.greeting;
  }

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.refreshTimer);
    this.channel?.close();
  }

  /** A control command on the host (the link must be up). */
  request(command: string, args: Record<string, unknown>): Promise<unknown> {
    if (!this.channel) return Promise.reject(new Error(`${this.name}: the link is down (${this.shown.state === 'reconnecting' ? this.shown.reason : 'connecting'})`));
    return this.channel.request(command, args, this.cwd);
  }

  private async connect(): Promise<void> {
    try {
      const link = await openHostLink(this.target);
      if (this.stopped) return link.close();
      this.greeting = link.hello;
      // Its server is started as `tessera -H HOST ls` would: the host's workspaces are what this view is for.
      const stream = await link.connect(true);
      if (this.stopped) return void stream.destroy();
      this.cwd = link.hello.cwd;
      const onEvent = (event: Parameters<typeof relayedEvent>[0]) => {
        const body = relayedEvent(event, this.name);
        if (body) this.relay(body);
        this.scheduleRefresh();
      };
      const channel = new HostChannel(stream, this.name, onEvent, (why) => this.lost(channel, why));
      this.channel = channel;
      channel.subscribe();
      await this.refresh();
      this.delay = RECONNECT_FIRST_DELAY_MS;
    } catch (error) {
      this.lost(this.channel, (error as Error).message, error);
    }
  }

  /** `error`: the failure itself, when it says what kind it was (a HostLinkError: ssh's reason and the fix). */
  private lost(channel: HostChannel | undefined, why: string, error?: unknown): void {
    if (channel !== this.channel) return; // an older channel's end, already handled
    this.channel = undefined;
    channel?.close();
    if (this.stopped) return;
    const reason = visibleText(why);
    this.log(`host ${this.name}: ${reason}; trying again in ${this.delay / 1000} s`);
    const kind = error instanceof HostLinkError ? { problem: error.problem, detail: visibleText(error.reason), fix: visibleText(error.fix) } : {};
    this.shown = { state: 'reconnecting', reason, ...kind, retryAt: Date.now() + this.delay };
    this.changed();
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_DELAY_MS);
  }

  /** Events come in bursts: one listing after the gap covers them all. */
  private scheduleRefresh(): void {
    if (this.refreshTimer || this.stopped) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      void this.refresh();
    }, HOST_REFRESH_GAP_MS);
  }

  private async refresh(): Promise<void> {
    const channel = this.channel;
    if (!channel) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    try {
      const [ls, panes, approvals] = await Promise.all(['ls', 'list-panes', 'approvals'].map((command) => channel.request(command, {}, this.cwd)));
      const workspaces = remoteWorkspaces(ls, panes);
      const questions = remoteQuestions(approvals);
      if (workspaces === undefined || questions === undefined) throw new Error(`${this.name}: its workspace list is not one this tessera can read`);
      if (channel !== this.channel) return;
      this.shown = { state: 'connected', workspaces, questions };
      this.changed();
    } catch (error) {
      this.lost(channel, (error as Error).message);
    } finally {
      this.refreshing = false;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.scheduleRefresh();
      }
    }
  }
}
