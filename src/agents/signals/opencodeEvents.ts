// opencode's own signals (checked against opencode-ai 1.18.33): a plugin gets every event of opencode's bus. Tessera's
// plugin (opencodePlugin.ts) keeps track of the pending permissions and busy sessions and, when what they add up to
// changes, runs `tessera agent-hook opencode` with one of the small JSON reports read here.

import { channelWord, cleanText, type ChannelReport, type ChannelState } from './channelReport.js';

/**
 * What the plugin reports: a permission asked (the tool waits for the user), a permission allowed (the turn goes on),
 * a session busy, every session idle, a session failed (not an interrupt: opencode reports Esc Esc as an error too).
 */
export const OPENCODE_EVENTS = ['permission.asked', 'permission.replied', 'session.busy', 'session.idle', 'session.error'] as const;

/** Longest command or error message kept. */
const MAX_EVENT_TEXT_CHARS = 300;

/** The report in the plugin's JSON, or undefined when it is none of OPENCODE_EVENTS. */
export function readOpencodeEvent(payload: unknown): ChannelReport | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const event = channelWord(fields.type);
  if (event === undefined || !(OPENCODE_EVENTS as readonly string[]).includes(event)) return undefined;
  // permission.asked: the permission (`bash`, `edit`, …); permission.replied: `once`, `always` or `reject`; session.error: its name.
  const detail = channelWord(fields.permission ?? fields.reply ?? fields.error);
  const text = cleanText(fields.command ?? fields.message, MAX_EVENT_TEXT_CHARS);
  // When the plugin saw the event: reports travel in separate processes, so the newest decides, not the last to arrive.
  const firedAt = typeof fields.time === 'number' && Number.isSafeInteger(fields.time) && fields.time > 0 ? fields.time : undefined;
  return {
    source: 'opencode',
    event,
    ...(detail === undefined ? {} : { detail }),
    ...(text === undefined ? {} : { text }),
    ...(firedAt === undefined ? {} : { firedAt }),
  };
}

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
