// `tessera status --state …` and its printed form, OSC 777 tessera-status: any program saying what it does.

import type { AgentState } from '../detection.js';
import { cleanText, type ChannelReport, type ChannelState } from './channelReport.js';

export const STATUS_STATES = ['working', 'waiting', 'idle', 'error'] as const;
export type StatusState = (typeof STATUS_STATES)[number];

/** Longest status message kept (it is shown as the question of a waiting pane). */
export const MAX_STATUS_MESSAGE_CHARS = 300;

/** The OSC 777 kind that carries a status: `ESC ] 777 ; tessera-status ; STATE ; MESSAGE BEL`. */
export const STATUS_OSC_KIND = 'tessera-status';

const AS_AGENT_STATE: Record<StatusState, AgentState> = { working: 'running', waiting: 'approval', idle: 'idle', error: 'error' };

export const isStatusState = (value: unknown): value is StatusState => (STATUS_STATES as readonly unknown[]).includes(value);

/** The report for a status state and optional message. */
export function statusReport(state: StatusState, message?: string): ChannelReport {
  const text = cleanText(message, MAX_STATUS_MESSAGE_CHARS);
  return { source: 'status', event: state, ...(text === undefined ? {} : { text }) };
}

/**
 * The payload of an OSC 777 sequence (what follows `777;`) when it is a tessera-status one with a known state;
 * undefined for any other (a `notify`, a misspelt state). The message may itself hold `;`.
 */
export function parseStatusOsc(data: string): ChannelReport | undefined {
  const [kind, state, ...message] = data.split(';');
  if (kind !== STATUS_OSC_KIND || !isStatusState(state)) return undefined;
  return statusReport(state, message.join(';'));
}

export function statusState(report: ChannelReport): ChannelState | undefined {
  if (!isStatusState(report.event)) return undefined;
  const state = AS_AGENT_STATE[report.event];
  const label = `status ${report.event}${report.text === undefined ? '' : `: ${report.text}`}`;
  return { state, label, ...(state === 'approval' ? { question: report.text ?? 'waiting for you' } : {}) };
}
