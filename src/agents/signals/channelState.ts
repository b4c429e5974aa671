// What any report from an agent's own channel makes its state, by who sent it.

import type { ChannelReport, ChannelState } from './channelReport.js';
import { claudeHookState } from './claudeHooks.js';
import { codexNotifyState } from './codexNotify.js';
import { opencodeEventState, opencodeLabel } from './opencodeEvents.js';
import { statusState } from './statusReport.js';
import { titleState } from './titleSignals.js';

/** The state a report says, or undefined when it says nothing about the state (it is still noted). */
export function channelState(report: ChannelReport): ChannelState | undefined {
  if (report.event === 'title' && (report.source === 'codex' || report.source === 'gemini')) return titleState(report);
  switch (report.source) {
    case 'claude':
      return claudeHookState(report);
    case 'codex':
      return codexNotifyState(report);
    case 'opencode':
      return opencodeEventState(report);
    case 'status':
      return statusState(report);
    case 'gemini':
      return undefined;
  }
}

/** How `tessera explain` names a report that says no state ("notify agent-turn-complete side-thread"). */
export function reportLabel(report: ChannelReport): string {
  if (report.source === 'opencode') return opencodeLabel(report);
  const channel = report.source === 'codex' ? 'notify' : report.source;
  return `${channel} ${report.event}${report.detail === undefined ? '' : ` ${report.detail}`}`;
}
