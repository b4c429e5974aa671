// A host's events passed on into this server's own stream (`tessera events` here covers every connected
// host): each tagged with its host, numbered and timed by this server. What a host sends is checked as any
// input is: the fields that name where it happened must be what they say, and an event a host relayed from
// hosts of its own is not passed on again (its `host` would name a machine of that host's settings, not ours).

import type { EventBody, TesseraEvent } from '../../protocol/events.js';

/** Longest workspace name taken from a host (names are far shorter; this only bounds what a host can send). */
const MAX_RELAYED_NAME = 256;

/** The event as this server publishes it; undefined when it is not one to pass on. */
export function relayedEvent(event: TesseraEvent, host: string): EventBody | undefined {
  const { seq: _seq, time: _time, ...body } = event;
  if (body.host !== undefined) return undefined;
  if (typeof body.workspace !== 'string' || body.workspace.length === 0 || body.workspace.length > MAX_RELAYED_NAME) return undefined;
  if ('pane' in body && !(Number.isSafeInteger(body.pane) && body.pane >= 0)) return undefined;
  return { ...body, host };
}
