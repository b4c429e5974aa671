// What any report from an agent's own channel makes its state, by who sent it.

import type { ChannelReport, ChannelState } from './channelReport.js';
import { claudeHookState } from './claudeHooks.js';
import { codexNotifyState } from './codexNotify.js';
import { statusState } from './statusReport.js';

/** The state a report says, or undefined when it says nothing about the state (it is still noted). */
export function channelState(report: ChannelReport): ChannelState | undefined {
  switch (report.source) {
    case 'claude':
      return claudeHookState(report);
    case 'codex':
      return codexNotifyState(report);
    case 'status':
      return statusState(report);
  }
}
