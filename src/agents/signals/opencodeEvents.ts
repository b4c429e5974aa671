// opencode's own signals (checked against opencode-ai 1.18.33): a plugin gets every event of opencode's bus. Tessera's
// plugin (src/server/agent/opencodePluginSource.ts) keeps track of the pending permissions and busy sessions and,
// when what they add up to changes, sends one report for its pane: one of these events.

import type { ChannelReport, ChannelState } from './channelReport.js';

/**
 * What the plugin reports: a permission asked (the tool waits for the user), a permission allowed (the turn goes on),
 * a session busy, every session idle, a session failed (not an interrupt: opencode reports Esc Esc as an error too).
 */
export const OPENCODE_EVENTS = ['permission.asked', 'permission.replied', 'session.busy', 'session.idle', 'session.error'] as const;

/** Longest command or error message the plugin sends. */
export const MAX_OPENCODE_TEXT_CHARS = 300;

export function opencodeEventState(report: ChannelReport): ChannelState | undefined {
  const label = opencodeLabel(report);
  switch (report.event) {
    case 'permission.asked': {
      const tool = report.detail ?? 'a tool';
      return { state: 'approval', label, question: report.text === undefined ? `Allow ${tool}?` : `Allow ${tool}? — ${report.text}` };
    }
    case 'permission.replied':
      // A rejection ends the turn: session.idle follows, and the pill must not show "running" in between.
      return report.detail === 'reject' ? undefined : { state: 'running', label };
    case 'session.busy':
      return { state: 'running', label };
    case 'session.idle':
      return { state: 'idle', label };
    case 'session.error':
      return { state: 'error', label };
    default:
      return undefined;
  }
}

/** How `tessera explain` names a report: "plugin permission.asked bash". */
export const opencodeLabel = (report: ChannelReport): string => `plugin ${report.event}${report.detail === undefined ? '' : ` ${report.detail}`}`;
