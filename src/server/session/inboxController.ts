// The inbox for one client: every question agents wait on in any workspace, kept current while it is
// open (each frame reads the questions again; ages tick), answered by question id through the same
// answer rule as the bar and the CLI (a row whose question has gone is refused with the usual message),
// and `A`: allow every listed question after a confirmation that lists them, each answered on its own.

import type { Overlay } from '../../app/chromeModel.js';
import { inboxRect } from '../../app/inbox/geometry.js';
import { inboxState, reduceInbox, withRows, type InboxRow, type InboxState } from '../../app/inbox/model.js';
import { INBOX_AGE_TICK_MS } from '../../limits.js';
import type { KeyToken } from '../../term/keys/token.js';
import { answerApproval, type Answer } from '../approval/answer.js';
import type { AnswerJournal } from '../approval/answerJournal.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import { waitingQuestions } from '../approval/waitingQuestions.js';
import { RefusedError } from '../refusedError.js';
import type { HostLinks } from '../hosts/hostLinks.js';
import type { DialogHost } from './dialogHost.js';
import { hostChoice, type HostWorkspace } from './workspaceSwitcher.js';

export type InboxOverlay = Extract<Overlay, { kind: 'inbox' }>;

export interface InboxHost extends DialogHost {
  readonly answers: AnswerJournal;
  /** The agent panes' monitors (to answer a question). */
  readonly agents: AgentWatches;
  /** How the answer log names this client. */
  readonly label: string;
  /** The other machines' questions, and answering them through their links. */
  readonly hosts: Pick<HostLinks, 'questions' | 'answer'>;
  attentionChanged(): void;
  /** The client said it can leave to show another machine's workspace (older clients cannot). */
  readonly opensHosts: boolean;
  /** A host of the hosts setting now, with its link. */
  isHost(name: string): boolean;
  /** The client leaves to show a host's workspace (its pane focused), and comes back here when that view ends. */
  showHost(target: HostWorkspace): void;
}

export class InboxController {
  private tick: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly host: InboxHost) {}

  open(): void {
    this.show(inboxState(this.rows(), Date.now()));
    clearInterval(this.tick);
    this.tick = setInterval(() => this.refresh(), INBOX_AGE_TICK_MS);
  }

  /** The overlay with the questions waiting now (`overlay` itself when the inbox is not open). */
  current(overlay: Overlay): Overlay {
    if (overlay.kind !== 'inbox') {
      this.stopTicking();
      return overlay;
    }
    const state = withRows(overlay.state, this.rows(), Date.now());
    return { kind: 'inbox', state, rect: this.rect(state) };
  }

  key(overlay: InboxOverlay, token: KeyToken): void {
    if (token.kind !== 'key' || !token.key) return;
    const step = reduceInbox(overlay.state, token.key);
    const outcome = step.outcome;
    if (!outcome) {
      if (step.state !== overlay.state) this.show(step.state);
      return;
    }
    if ('close' in outcome) this.close();
    else if ('jump' in outcome) this.jump(outcome.jump);
    else if ('answer' in outcome) void this.answerOne(outcome.row, outcome.answer);
    else void this.allowAll(step.state, outcome.allowAll);
  }

  /** The screen changed size: the inbox is laid out again for it. */
  relayout(): void {
    const overlay = this.host.chrome.overlay;
    if (overlay.kind === 'inbox') this.show(overlay.state);
  }

  dispose(): void {
    this.stopTicking();
  }

  /** This machine's questions, then each host's (its workspace as `HOST:NAME`). */
  private rows(): InboxRow[] {
    const here = waitingQuestions(this.host.registry.list()).map((q) => ({ ...q, host: undefined }));
    return [...here, ...this.host.hosts.questions()].map((q) => ({
      questionId: q.id,
      paneId: q.pane,
      workspace: q.host === undefined ? q.workspace : `${q.host}:${q.workspace}`,
      agent: q.agent,
      askedAt: Date.parse(q.askedAt),
      question: q.question,
      ...(q.host === undefined ? {} : { host: q.host }),
    }));
  }

  private rect(state: InboxState) {
    return inboxRect(this.host.cols, Math.max(1, this.host.rows - 1), state);
  }

  private show(state: InboxState): void {
    this.host.setChrome({ overlay: { kind: 'inbox', state, rect: this.rect(state) } });
  }

  /** Ages move on: redrawn while the inbox is open. */
  private refresh(): void {
    const overlay = this.host.chrome.overlay;
    if (overlay.kind !== 'inbox') this.stopTicking();
    else this.host.setChrome({ overlay: this.current(overlay) });
  }

  private close(): void {
    this.stopTicking();
    this.host.setChrome({ overlay: { kind: 'none' } });
  }

  private stopTicking(): void {
    clearInterval(this.tick);
    this.tick = undefined;
  }

  /** Answers one row's question, by its id; the error says why when it no longer waits. */
  private async answer(row: InboxRow, answer: Answer, via: 'inbox' | 'inbox batch'): Promise<string | undefined> {
    try {
      // Another machine's question is answered there, by its id: that server refuses a stale one.
      if (row.host !== undefined) {
        await this.host.hosts.answer(row.host, row.paneId, row.questionId, answer === 'allow' ? 'allow' : 'deny');
        return undefined;
      }
      const target = this.host.registry.findPane(row.paneId);
      if (!target) throw new RefusedError(`no question is waiting in pane ${row.paneId}`);
      answerApproval(target, answer, { meant: row.questionId, origin: { via, client: this.host.label }, journal: this.host.answers, agents: this.host.agents });
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  private async answerOne(row: InboxRow, answer: 'allow' | 'deny'): Promise<void> {
    const failed = await this.answer(row, answer, 'inbox');
    if (failed) this.host.message(failed, 'error');
    else this.host.message(`${answer === 'allow' ? 'allowed' : 'denied'}: pane ${row.paneId} (${row.agent}, ${row.workspace}) ${row.question}`, 'info');
    this.refresh();
  }

  private async allowAll(state: InboxState, rows: InboxRow[]): Promise<void> {
    const failures: string[] = [];
    for (const row of rows) {
      const failed = await this.answer(row, 'allow', 'inbox batch');
      if (failed !== undefined) failures.push(failed);
    }
    const allowed = rows.length - failures.length;
    if (failures.length === 0) this.host.message(`allowed ${allowed} question${allowed === 1 ? '' : 's'}`, 'info');
    else this.host.message(`allowed ${allowed} of ${rows.length}; not answered: ${failures.join('; ')}`, 'error');
    this.show(state);
    this.refresh();
  }

  private jump(row: InboxRow): void {
    if (row.host !== undefined) {
      // The host's view of that workspace with the question's pane focused, as the switcher opens HOST:NAME.
      const choice = hostChoice({ host: row.host, workspace: row.workspace.slice(row.host.length + 1), pane: row.paneId }, (name) => this.host.isHost(name), this.host.opensHosts);
      if ('message' in choice) return this.host.message(choice.message, choice.tone);
      this.close();
      this.host.showHost(choice.open);
      return;
    }
    const target = this.host.registry.findPane(row.paneId);
    if (!target) {
      this.host.message(`pane ${row.paneId} is gone`, 'error');
      return;
    }
    this.close();
    this.host.showWorkspace(target.workspace);
    target.workspace.focus(target.pane.id);
    this.host.attentionChanged();
  }
}
