// The events of `tessera events`: what happened to workspaces, panes and their agents, each with a
// sequence number (one a server, counting from 1) and a time. Shared by the server, which records
// them, and the CLI, which prints them.

import { InvalidInput, int, record, str } from './validate.js';

/** Where a pane event happened. */
interface PaneRef {
  workspace: string;
  pane: number;
  /** The agent kind, for agent panes. */
  agent?: string;
}

/** Where an event happened when it was not on this machine. */
interface HostTag {
  /** The host (of the `hosts` setting) whose server it happened on; its `workspace` and `pane` are that server's. Absent for this machine. */
  host?: string;
}

export type EventBody = HostTag &
  (
  | { kind: 'workspace-created'; workspace: string }
  | { kind: 'workspace-opened'; workspace: string }
  | { kind: 'workspace-dormant'; workspace: string }
  | { kind: 'workspace-removed'; workspace: string }
  /** `workspace` is the new name, `from` the old one. */
  | { kind: 'workspace-renamed'; workspace: string; from: string }
  | (PaneRef & { kind: 'pane-opened'; program: string })
  | (PaneRef & { kind: 'pane-exited'; exitCode: number | null })
  | (PaneRef & { kind: 'pane-closed' })
  /** move-pane, break-pane: `workspace` is where the pane is now, `from` where it was; its program runs on. */
  | (PaneRef & { kind: 'pane-moved'; from: string })
  /** `source`: what decided it ('screen', 'signal', 'answer' for agents; 'shell marks', 'process', … for shells) and its rule. */
  | (PaneRef & { kind: 'state-changed'; from: string; to: string; source: string; rule: string })
  | (PaneRef & { kind: 'question-asked'; question: string; text: string })
  /** `answer`: allow, deny, abort or typed; `origin`: where it came from (the approval bar, tessera approve, the pane). */
  | (PaneRef & { kind: 'question-answered'; question: string; answer: string; origin: string })
  /** `reason`: question or turn-finished; `channels`: terminal and/or command. */
  | (PaneRef & { kind: 'notification'; reason: NotificationReason; question?: string; channels: string[] })
  );

export type NotificationReason = 'question' | 'turn-finished';

export type EventKind = EventBody['kind'];

export type TesseraEvent = EventBody & { seq: number; time: string };

export const EVENT_KINDS: readonly EventKind[] = [
  'workspace-created',
  'workspace-opened',
  'workspace-dormant',
  'workspace-removed',
  'workspace-renamed',
  'pane-opened',
  'pane-exited',
  'pane-closed',
  'pane-moved',
  'state-changed',
  'question-asked',
  'question-answered',
  'notification',
];

/** The start of a stream: which events follow, and the ones asked for that are no longer kept. */
export interface EventsStart {
  /** The sequence number the next new event will have. */
  next: number;
  /** Asked-for events the ring no longer holds (first..last, inclusive), when some fell out. */
  missed?: { first: number; last: number };
}

/**
 * The client's check of an event from the server: the fields every event has, and a known kind. The rest is
 * printed as it came (through terminalJson or visibleText), so an unexpected field never reaches the terminal raw.
 */
export function parseEvent(value: unknown): TesseraEvent {
  const event = record(value, 'event');
  int(event.seq, 'event.seq', 1, Number.MAX_SAFE_INTEGER);
  str(event.time, 'event.time', 64);
  const kind = str(event.kind, 'event.kind', 64);
  if (!(EVENT_KINDS as readonly string[]).includes(kind)) throw new InvalidInput(`unknown event kind ${JSON.stringify(kind)}`);
  return event as unknown as TesseraEvent;
}

export function parseEventsStart(value: unknown): EventsStart {
  const start = record(value, 'start');
  const next = int(start.next, 'start.next', 1, Number.MAX_SAFE_INTEGER);
  if (start.missed === undefined) return { next };
  const missed = record(start.missed, 'start.missed');
  return { next, missed: { first: int(missed.first, 'missed.first', 1, Number.MAX_SAFE_INTEGER), last: int(missed.last, 'missed.last', 1, Number.MAX_SAFE_INTEGER) } };
}
