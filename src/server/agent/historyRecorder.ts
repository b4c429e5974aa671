// Writes a history entry for every pane session that lasted at least HISTORY_MIN_SESSION_MS, when it ends.

import { HISTORY_MIN_SESSION_MS } from '../../limits.js';
import type { NewHistoryEntry, SessionHistory } from '../../store/sessionHistory.js';
import type { Pane } from '../panes/pane.js';
import type { SessionEnd } from '../panes/paneLaunch.js';
import type { PaneHome } from '../panes/paneHome.js';
import type { SessionTracker } from './sessionTracker.js';

export class HistoryRecorder {
  private readonly writing = new Set<Promise<void>>();
  /** Entries of sessions that ended in this turn of the event loop, written together (one file write, not one per pane). */
  private pending: NewHistoryEntry[] = [];

  constructor(
    private readonly history: SessionHistory,
    private readonly sessions: SessionTracker,
    private readonly log: (text: string) => void,
  ) {}

  /** The entry names the workspace the pane is in when its session ends (it may have moved). */
  watch(pane: Pane, home: PaneHome): void {
    pane.onSessionEnd((end) => {
      const done = this.record(pane, home.workspace.name, end).finally(() => this.writing.delete(done));
      this.writing.add(done);
    });
  }

  /** Resolves once every entry of a session that has ended is written. */
  async flush(): Promise<void> {
    await Promise.all([...this.writing]);
    this.writePending();
    await this.history.whenWritten();
  }

  private queue(entry: NewHistoryEntry): void {
    if (this.pending.length === 0) setImmediate(() => this.writePending());
    this.pending.push(entry);
  }

  private writePending(): void {
    if (this.pending.length === 0) return;
    this.history.addAll(this.pending.splice(0));
    void this.history.whenWritten().then(() => {
      if (this.history.problem) this.log(this.history.problem);
    });
  }

  private async record(pane: Pane, workspace: string, end: SessionEnd): Promise<void> {
    const durationMs = end.endedAt - pane.startedAt;
    if (durationMs < HISTORY_MIN_SESSION_MS) return;
    await this.sessions.refresh(pane); // a last look: the conversation may have changed since its last turn
    const request = pane.request ?? {};
    const agentArgs = request.agent ? request.argv : request.argv?.slice(1);
    this.queue({
      workspace,
      paneKind: pane.kind,
      agent: pane.agent,
      command: pane.command,
      argv: pane.kind === 'agent' && agentArgs && agentArgs.length > 0 ? agentArgs : undefined,
      cwd: pane.cwd,
      start: new Date(pane.startedAt).toISOString(),
      durationMs,
      exitStatus: end.exitCode,
      outcome: end.outcome,
      sessionId: pane.sessionId,
      model: request.agent?.model,
      effort: request.agent?.effort,
    });
  }
}
