// Notifications that find the user: a question waiting, or an agent's finished turn, in a pane nobody is
// looking at. Each waits notifyDelay seconds first and is dropped when the question is answered, the pane
// moves on or is looked at meanwhile; then it goes to the attached terminals (bell or desktop
// notification, the `notify` setting) and to notifyCommand, which runs even with no client attached.
// One notification per question, and a rate limit over all of them, so a crowd of agents is never a storm.

import { MAX_EVENT_TEXT_CHARS, MAX_NOTIFIED_QUESTIONS, NOTIFICATION_BURST, NOTIFICATIONS_PER_MINUTE } from '../../limits.js';
import type { WaitingQuestion } from '../../commands/approvals.js';
import type { EventBody, NotificationReason } from '../../protocol/events.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { Pane } from '../panes/pane.js';
import { RateLimit } from '../passthrough/rateLimit.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { NotificationsInfo } from '../../commands/serverInfo.js';
import type { NotifyCommandRunner } from './notifyCommand.js';

export interface NotifierHost {
  settings(): Settings;
  /** Is this pane on someone's screen, focused there, in a focused terminal? */
  isSeen(pane: Pane, workspace: Workspace): boolean;
  /** Alerts every attached terminal (as `notify` says); returns how many there were. */
  alertTerminals(text: string): number;
  publish(body: EventBody): void;
  /** The environment and folder the command runs with (the server's). */
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A question waiting on another machine, with that machine's name. */
export type HostQuestion = WaitingQuestion & { host: string };

/** What server-info shows of the notifications. */
export type NotificationReport = NotificationsInfo;

interface Pending {
  cancel(): void;
}

export class Notifier {
  private readonly pending = new Map<string, Pending>();
  /** Questions notified already, oldest first (a question is notified once, however often it shows again). */
  private readonly notified = new Set<string>();
  private readonly rate = new RateLimit(NOTIFICATIONS_PER_MINUTE / 60, NOTIFICATION_BURST);
  private sent = 0;
  private limited = 0;

  constructor(
    private readonly host: NotifierHost,
    private readonly command: NotifyCommandRunner,
  ) {}

  report(): NotificationReport {
    return { sent: this.sent, limited: this.limited, pending: this.pending.size, commandFailure: this.command.failure(this.host.settings().notifyCommand) ?? null };
  }

  /**
   * A pane started waiting for an answer (`reason` question) or finished its turn, unseen: notify once the
   * delay passed, if it still matters then. `text` is what the terminals are told.
   */
  needsYou(pane: Pane, workspace: Workspace, reason: NotificationReason, text: string): void {
    const question = reason === 'question' ? pane.waiting : undefined;
    if (reason === 'question' && (question === undefined || this.notified.has(question.id))) return;
    const key = `${pane.id}:${reason}`;
    this.pending.get(key)?.cancel();
    const stillMatters = () =>
      pane.isLive && (question ? pane.waiting?.id === question.id : pane.status === 'idle') && !this.host.isSeen(pane, workspace);
    const fire = () => {
      stop();
      if (stillMatters()) this.send(pane, workspace, reason, text, question);
    };
    // Answered, moved on or closed meanwhile: dropped at once (not when its timer comes).
    const meta = pane.onMeta(() => {
      if (!stillMatters()) stop();
    });
    const timer = setTimeout(fire, this.host.settings().notifyDelay * 1000);
    const stop = () => {
      clearTimeout(timer);
      meta.dispose();
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    const entry: Pending = { cancel: stop };
    this.pending.set(key, entry);
  }

  /**
   * A question an agent waits on another machine (seen through this server's link to it): notified
   * once per question, after the same delay and under the same rate limit, if `stillWaits` then.
   * notifyCommand gets TESSERA_HOST; the workspace and pane are that host's.
   */
  hostQuestion(question: HostQuestion, stillWaits: () => boolean): void {
    const key = `${question.host}:${question.id}`;
    if (this.notified.has(key) || this.pending.has(key)) return;
    const timer = setTimeout(() => {
      stop();
      if (stillWaits()) this.sendHost(question, key);
    }, this.host.settings().notifyDelay * 1000);
    const stop = () => {
      clearTimeout(timer);
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    const entry: Pending = { cancel: stop };
    this.pending.set(key, entry);
  }

  /** The server stops: nothing more is sent. */
  dispose(): void {
    for (const entry of [...this.pending.values()]) entry.cancel();
  }

  private send(pane: Pane, workspace: Workspace, reason: NotificationReason, text: string, question: { id: string; text: string } | undefined): void {
    if (question) this.remember(question.id);
    if (!this.rate.take()) {
      this.limited += 1;
      return;
    }
    const settings = this.host.settings();
    const channels: string[] = [];
    if (settings.notify !== 'none' && this.host.alertTerminals(text) > 0) channels.push('terminal');
    if (settings.notifyCommand.length > 0 && this.runCommand(settings.notifyCommand, pane, workspace, reason, question)) channels.push('command');
    this.sent += 1;
    this.host.publish({
      kind: 'notification',
      workspace: workspace.name,
      pane: pane.id,
      ...(pane.agent === undefined ? {} : { agent: pane.agent }),
      reason,
      ...(question ? { question: question.id } : {}),
      channels,
    });
  }

  private sendHost(q: HostQuestion, key: string): void {
    this.remember(key);
    if (!this.rate.take()) {
      this.limited += 1;
      return;
    }
    const settings = this.host.settings();
    const channels: string[] = [];
    if (settings.notify !== 'none' && this.host.alertTerminals(`${q.host}: pane ${q.pane} (${q.agent}) needs your approval`) > 0) channels.push('terminal');
    if (settings.notifyCommand.length > 0) {
      const env: NodeJS.ProcessEnv = {
        ...this.host.env,
        TESSERA_EVENT: 'question',
        TESSERA_HOST: q.host,
        TESSERA_WORKSPACE: q.workspace,
        TESSERA_PANE: String(q.pane),
        TESSERA_AGENT: q.agent,
        TESSERA_QUESTION: q.question.slice(0, MAX_EVENT_TEXT_CHARS),
        TESSERA_QUESTION_ID: q.id,
      };
      if (this.command.run(settings.notifyCommand, env, this.host.cwd)) channels.push('command');
    }
    this.sent += 1;
    this.host.publish({ kind: 'notification', host: q.host, workspace: q.workspace, pane: q.pane, agent: q.agent, reason: 'question', question: q.id, channels });
  }

  private runCommand(argv: string[], pane: Pane, workspace: Workspace, reason: NotificationReason, question: { id: string; text: string } | undefined): boolean {
    const env: NodeJS.ProcessEnv = {
      ...this.host.env,
      TESSERA_EVENT: reason,
      TESSERA_WORKSPACE: workspace.name,
      TESSERA_PANE: String(pane.id),
      TESSERA_AGENT: pane.agent ?? '',
      TESSERA_QUESTION: question ? question.text.slice(0, MAX_EVENT_TEXT_CHARS) : '',
      TESSERA_QUESTION_ID: question?.id ?? '',
    };
    return this.command.run(argv, env, this.host.cwd);
  }

  private remember(id: string): void {
    this.notified.add(id);
    if (this.notified.size > MAX_NOTIFIED_QUESTIONS) this.notified.delete(this.notified.values().next().value as string);
  }
}
