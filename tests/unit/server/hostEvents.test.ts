// A host's events passed on into this server's stream: tagged with the host, renumbered here, and only when
// the fields naming where it happened are sound; events a host relayed from its own hosts are not passed on.

import { describe, expect, it } from 'vitest';
import { eventLine } from '../../../src/commands/events.js';
import type { TesseraEvent } from '../../../src/protocol/events.js';
import { relayedEvent } from '../../../src/server/hosts/hostEvents.js';

const TIME = '2026-12-04T20:00:00.000Z';
const from = (body: Record<string, unknown>): TesseraEvent => ({ seq: 41, time: TIME, ...body }) as TesseraEvent;

describe('events relayed from a host', () => {
  it('keeps the event, drops the host\'s numbering, and names the host', () => {
    expect(relayedEvent(from({ kind: 'workspace-created', workspace: 'fix-auth' }), 'build1')).toEqual({ kind: 'workspace-created', workspace: 'fix-auth', host: 'build1' });
    expect(relayedEvent(from({ kind: 'state-changed', workspace: 'w', pane: 3, from: 'idle', to: 'running', source: 'screen', rule: 'r' }), 'gpu')).toMatchObject({ pane: 3, host: 'gpu' });
  });

  it('passes on nothing whose place is not sound, or that came from a host of the host', () => {
    expect(relayedEvent(from({ kind: 'workspace-created', workspace: 'x', host: 'elsewhere' }), 'build1')).toBeUndefined();
    expect(relayedEvent(from({ kind: 'workspace-created', workspace: 5 }), 'build1')).toBeUndefined();
    expect(relayedEvent(from({ kind: 'workspace-created', workspace: 'w'.repeat(300) }), 'build1')).toBeUndefined();
    expect(relayedEvent(from({ kind: 'pane-closed', workspace: 'w', pane: -1 }), 'build1')).toBeUndefined();
    expect(relayedEvent(from({ kind: 'pane-closed', workspace: 'w', pane: '3' }), 'build1')).toBeUndefined();
  });

  it('is printed with the workspace named as the strip names it', () => {
    const event = (body: Record<string, unknown>) => ({ seq: 7, time: TIME, host: 'build1', ...body }) as TesseraEvent;
    expect(eventLine(event({ kind: 'workspace-created', workspace: 'alpha' }), false)).toBe(`7 ${TIME} workspace-created build1:alpha\n`);
    expect(eventLine(event({ kind: 'pane-closed', workspace: 'alpha', pane: 2 }), false)).toBe(`7 ${TIME} pane-closed build1:alpha:2\n`);
    expect(eventLine(event({ kind: 'workspace-renamed', workspace: 'new', from: 'old' }), false)).toBe(`7 ${TIME} workspace-renamed build1:old -> build1:new\n`);
    expect(JSON.parse(eventLine(event({ kind: 'workspace-created', workspace: 'alpha' }), true))).toMatchObject({ host: 'build1', workspace: 'alpha' });
  });
});
