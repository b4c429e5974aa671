// The session tracker's deadline: a sleep or a close asks for the pane's conversation and waits at most
// SESSION_ID_WAIT_MS, also when a lookup started at the end of a turn is still under way (a CLI that lists its
// sessions slowly on a loaded machine: at load 25 `tessera sleep` of an opencode pane outlasted the agent suite's
// 15 s for a command, as it would when waiting out opencode's `session list` for its whole query time).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ID_WAIT_MS } from '../../../../src/limits.js';
import type { Pane } from '../../../../src/server/pane.js';

// A CLI whose session lookup never ends.
vi.mock('../../../../src/agents/session/index.js', () => ({
  AGENT_SESSIONS: { opencode: { assignsOwnId: false, current: () => new Promise(() => {}), exists: () => Promise.resolve(false) } },
}));

const { SessionTracker } = await import('../../../../src/server/agent/sessionTracker.js');

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionTracker.refresh', () => {
  it('waits no longer than SESSION_ID_WAIT_MS, also for a lookup already under way', async () => {
    vi.useFakeTimers();
    const tracker = new SessionTracker({ env: {}, panes: () => [], changed: () => {}, log: () => {} });
    const pane = { kind: 'agent', agent: 'opencode', installed: true, cwd: '/', isLive: false, pid: 0, startedAt: 0, program: 'opencode' } as unknown as Pane;
    const ended: string[] = [];
    void tracker.refresh(pane).then(() => ended.push('the end of a turn'));
    void tracker.refresh(pane).then(() => ended.push('a sleep'));
    await vi.advanceTimersByTimeAsync(SESSION_ID_WAIT_MS);
    expect(ended.sort()).toEqual(['a sleep', 'the end of a turn']);
  });
});
