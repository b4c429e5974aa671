// Which of codex's conversations a turn-complete from its notify program belongs to: the pane's own (its turn ended)
// or one codex holds on the side (the session title's, which completes while the real turn still works). The pane's
// conversation is the one the session tracker knows, read again once when the thread is not it (a new conversation
// after /clear, or the first turn, before the tracker has looked).

import { CODEX_MAIN_THREAD, CODEX_SIDE_THREAD } from '../../agents/signals/codexNotify.js';
import type { ChannelReport } from '../../agents/signals/channelReport.js';

export interface ConversationOf {
  /** The pane's conversation id as known now. */
  current(): string | undefined;
  /** Reads it again (from the files codex holds open). */
  refresh(): Promise<void>;
}

/** `report` with its thread id replaced by main-thread or side-thread; any other report as it is. */
export async function codexTurnReport(report: ChannelReport, conversation: ConversationOf): Promise<ChannelReport> {
  if (report.source !== 'codex' || report.event !== 'agent-turn-complete') return report;
  const thread = report.detail;
  let main = thread !== undefined && conversation.current() === thread;
  if (!main && thread !== undefined) {
    await conversation.refresh();
    main = conversation.current() === thread;
  }
  return { ...report, detail: main ? CODEX_MAIN_THREAD : CODEX_SIDE_THREAD };
}
