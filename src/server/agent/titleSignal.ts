// The state an agent pane's program says in its terminal title (Gemini CLI's and Codex's, see
// src/agents/signals/titleSignals.ts), passed on each time it changes: Codex redraws its spinner every 100 ms, which
// is one "working" until the title says something else.

import type { ChannelReport } from '../../agents/signals/channelReport.js';
import { readAgentTitle } from '../../agents/signals/titleSignals.js';
import type { Disposable } from '../../pty/ptyProcess.js';
import type { Pane } from '../panes/pane.js';

export function watchAgentTitle(pane: Pane, listener: (report: ChannelReport) => void): Disposable {
  const kind = pane.agent;
  let last: string | undefined;
  return pane.emulator.onTitle((title) => {
    const report = kind === undefined ? undefined : readAgentTitle(kind, title);
    if (report?.detail === last) return;
    last = report?.detail;
    if (report !== undefined) listener({ ...report, firedAt: Date.now() });
  });
}
