// The session tracker's deadlines: a new lookup is waited on at most SESSION_ID_WAIT_MS; a lookup already under way
// (started at the end of a turn) is waited out up to its own query limit, AGENT_SESSION_QUERY_TIMEOUT_MS, since the id
// it finds is what a sleep needs to resume (opencode's `session list` took 16-20 s at load 15); never forever.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGENT_SESSION_QUERY_TIMEOUT_MS, SESSION_ID_WAIT_MS } from '../../../../src/limits.js';
import type { AgentSessions } from '../../../../src/agents/session/types.js';
import type { Pane } from '../../../../src/server/panes/pane.js';
import { SessionTracker } from '../../../../src/server/agent/sessionTracker.js';

/** A CLI whose session lookup never ends. */
const NEVER_ANSWERS: AgentSessions = { assignsOwnId: false, current: () => new Promise(() => {}), exists: () => Promise.resolve(false) };

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionTracker.refresh', () => {
  it('waits SESSION_ID_WAIT_MS for a new lookup, and a lookup already under way up to its query limit', async () => {
    vi.useFakeTimers();
    const tracker = new SessionTracker({ env: {}, panes: () => [], changed: () => {}, log: () => {}, sessionsOf: () => NEVER_ANSWERS });
    const pane = { kind: 'agent', agent: 'opencode', installed: true, cwd: '/', isLive: false, pid: 0, startedAt: 0, program: 'opencode' } as unknown as Pane;
    const ended: string[] = [];
    void tracker.refresh(pane).then(() => ended.push('the end of a turn'));
    void tracker.refresh(pane).then(() => ended.push('a sleep'));
    await vi.advanceTimersByTimeAsync(SESSION_ID_WAIT_MS);
    expect(ended).toEqual(['the end of a turn']);
    await vi.advanceTimersByTimeAsync(AGENT_SESSION_QUERY_TIMEOUT_MS - SESSION_ID_WAIT_MS);
    expect(ended).toEqual(['the end of a turn', 'a sleep']);
  });
});
