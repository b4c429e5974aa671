// tessera events: what the server's workspaces, panes and agents do, one line per event, as it happens.
// A stream rather than one answer, so its command line (src/cli/commands/events.ts) keeps the
// connection open; what it prints is defined here.

import { UsageError, stringFlag, type FlagSpec, type ParsedArgs } from './argParser.js';
import { EVENT_RING_SIZE } from '../limits.js';
import type { EventsStart, TesseraEvent } from '../protocol/events.js';
import { terminalJson } from '../term/visibleText.js';

export const EVENTS_USAGE = `tessera events [--json] [--since SEQ]

  Prints what happens on the server, one line per event, until interrupted: workspaces created,
  opened, dormant or removed; panes opened, exited (with their status) or closed; a pane's state
  changing (idle, running, approval, …, and what decided it); an agent's question asked or
  answered (with the answer and where it came from); a notification sent. Each event has a
  sequence number and a time. Once a client has attached, the events of every host of the hosts
  setting come too, each naming its host (build1:fix-auth; "host" in JSON).

  --json       one JSON object per line (see the README: "Scripting and events")
  --since SEQ  first replay the events numbered after SEQ (the last one a reader saw before it
               disconnected), then go on live. The server keeps the last ${EVENT_RING_SIZE} events; when
               some of those asked for are gone, the stream says so first.

  A reader that stops reading is dropped once a backlog builds up: run it again with --since.`;

export const eventsFlags: FlagSpec[] = [{ name: 'json' }, { name: 'since', value: true }];

/** The --since flag: a sequence number (0 replays everything kept). */
export function sinceFlag(args: ParsedArgs): number | undefined {
  const text = stringFlag(args, 'since');
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(text)) throw new UsageError(`--since takes a sequence number (0 or more), not '${text}'`);
  return Number(text);
}

/** What the stream says before its events when asked-for events are gone (undefined when none are). */
export function missedLine(start: EventsStart, json: boolean): string | undefined {
  if (!start.missed) return undefined;
  const { first, last } = start.missed;
  if (json) return `${terminalJson({ kind: 'missed', first, last })}\n`;
  return `events ${first}-${last} are no longer kept (the server keeps the last ${EVENT_RING_SIZE}); replaying from ${last + 1}\n`;
}

/** One event as a line: JSON, or text for people (callers print it through visibleText). */
export function eventLine(event: TesseraEvent, json: boolean): string {
  if (json) return `${terminalJson(event)}\n`;
  return `${event.seq} ${event.time} ${event.kind} ${eventDetails(event)}\n`;
}

function eventDetails(event: TesseraEvent): string {
  // Another machine's workspace is named as the strip names it: build1:fix-auth.
  const workspace = event.host === undefined ? event.workspace : `${event.host}:${event.workspace}`;
  if ('pane' in event) {
    const where = `${workspace}:${event.pane}${event.agent === undefined ? '' : ` (${event.agent})`}`;
    switch (event.kind) {
      case 'pane-opened':
        return `${where} ${event.program}`;
      case 'pane-exited':
        return `${where} status ${event.exitCode ?? 'unknown'}`;
      case 'pane-closed':
        return where;
      case 'pane-moved':
        return `${where} from ${event.from}`;
      case 'state-changed':
        return `${where} ${event.from} -> ${event.to} (${event.source}: ${event.rule})`;
      case 'question-asked':
        return `${where} question ${event.question}: ${event.text}`;
      case 'question-answered':
        return `${where} question ${event.question}: ${event.answer} (${event.origin})`;
      case 'notification':
        return `${where} ${event.reason}${event.question === undefined ? '' : ` ${event.question}`} via ${event.channels.join(', ') || 'nothing'}`;
    }
  }
  if (event.kind === 'workspace-renamed') return `${event.host === undefined ? event.from : `${event.host}:${event.from}`} -> ${workspace}`;
  return workspace;
}
