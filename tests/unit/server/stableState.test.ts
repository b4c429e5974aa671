// The pill holds back a detected state until it has lasted, and never goes back to "starting".

import { describe, expect, it } from 'vitest';
import type { AgentState, Detection } from '../../../src/agents/detection.js';
import { STATE_STABLE_MS, StableState } from '../../../src/server/agent/stableState.js';

const d = (state: AgentState, question?: string): Detection => ({ state, rule: `rule for ${state}`, matched: [], question });

describe('StableState', () => {
  it('shows the first state at once, then only states that hold for the stable period', () => {
    const s = new StableState();
    expect(s.offer(d('starting'), 0)).toBe(true);
    expect(s.offer(d('idle'), 10)).toBe(false);
    expect(s.pendingUntil).toBe(10 + STATE_STABLE_MS);
    expect(s.offer(d('idle'), 10 + STATE_STABLE_MS - 1)).toBe(false);
    expect(s.offer(d('idle'), 10 + STATE_STABLE_MS)).toBe(true);
    expect(s.decision?.detection.state).toBe('idle');
  });

  it('drops a flicker that does not last', () => {
    const s = new StableState();
    s.offer(d('idle'), 0);
    s.offer(d('running'), 100);
    s.offer(d('idle'), 150);
    expect(s.commit(100 + STATE_STABLE_MS)).toBe(false);
    expect(s.decision?.detection.state).toBe('idle');
  });

  it('ignores unknown screens, and starting screens once the agent was ready', () => {
    const s = new StableState();
    s.offer(d('idle'), 0);
    s.offer(d('unknown'), 10);
    s.offer(d('starting'), 20);
    expect(s.commit(10_000)).toBe(false);
    expect(s.decision?.detection.state).toBe('idle');
  });

  it('remembers a screen it passed over until a screen it follows or a signal comes', () => {
    const s = new StableState();
    s.offer(d('starting'), 0);
    expect(s.ignoredDetection).toBeUndefined();
    s.offer(d('unknown'), 10);
    expect(s.ignoredDetection?.state).toBe('unknown');
    expect(s.decision?.detection.state).toBe('starting');
    s.offer(d('idle'), 20);
    expect(s.ignoredDetection).toBeUndefined();
    s.offer(d('unknown'), 30);
    s.signal(d('running'));
    expect(s.ignoredDetection).toBeUndefined();
  });

  it('lets a signal from the agent win at once, and refreshes the question of a lasting approval', () => {
    const s = new StableState();
    s.offer(d('running'), 0);
    expect(s.signal(d('approval', 'from OSC 9'))).toBe(true);
    expect(s.decision?.source).toBe('signal');
    expect(s.offer(d('approval', 'read off the screen'), 5)).toBe(true);
    expect(s.decision?.detection.question).toBe('read off the screen');
    expect(s.decision).toMatchObject({ source: 'signal', detection: { rule: 'rule for approval' } });
  });

  it('keeps a signal as the reason when a screen rule agrees with it later', () => {
    const s = new StableState();
    s.offer(d('running'), 0);
    expect(s.signal({ state: 'idle', rule: 'OSC 133;D from the agent', matched: [] })).toBe(true);
    expect(s.offer(d('idle'), 400)).toBe(false);
    expect(s.commit(10_000)).toBe(false);
    expect(s.decision).toMatchObject({ source: 'signal', detection: { rule: 'OSC 133;D from the agent' } });
    s.offer(d('running'), 500);
    expect(s.offer(d('running'), 500 + STATE_STABLE_MS)).toBe(true);
    expect(s.decision?.source).toBe('screen');
  });
});

describe('StableState: the agent\'s own channel against the screen', () => {
  it('a report shows at once and holds against a screen that says otherwise, except an approval dialog', async () => {
    const { CHANNEL_HOLD_MS } = await import('../../../src/limits.js');
    const s = new StableState();
    s.offer(d('running'), 0);
    expect(s.signal(d('idle'), 'channel', 100)).toBe(true);
    expect(s.offer(d('running'), 200)).toBe(false);
    expect(s.offer(d('running'), 200 + STATE_STABLE_MS)).toBe(false);
    expect(s.decision).toMatchObject({ source: 'channel', detection: { state: 'idle' } });
    // After the hold, the screen decides again (the cross-check).
    expect(s.offer(d('running'), 100 + CHANNEL_HOLD_MS)).toBe(false);
    expect(s.offer(d('running'), 100 + CHANNEL_HOLD_MS + STATE_STABLE_MS)).toBe(true);
    const t = new StableState();
    t.signal(d('running'), 'channel', 0);
    t.offer(d('approval', 'q'), 10);
    expect(t.offer(d('approval', 'q'), 10 + STATE_STABLE_MS)).toBe(true);
  });

  it('a reported question the screen has shown is gone when the screen steadily shows something else, even in the hold', () => {
    const s = new StableState();
    s.signal(d('approval', 'Allow Bash? — touch x'), 'channel', 0);
    expect(s.offer(d('running'), 10)).toBe(false); // the dialog is not drawn yet: the report holds
    expect(s.offer(d('approval', 'Do you want to proceed?'), 20)).toBe(false);
    expect(s.decision?.detection.question).toBe('Allow Bash? — touch x');
    s.offer(d('idle'), 30);
    expect(s.offer(d('idle'), 30 + STATE_STABLE_MS)).toBe(true);
    expect(s.decision).toMatchObject({ source: 'screen', detection: { state: 'idle' } });
  });

  it('channelOnly: once the agent reported, no screen decides', () => {
    const s = new StableState();
    s.channelOnly = true;
    s.offer(d('idle'), 0);
    s.signal(d('running'), 'channel', 10);
    s.offer(d('approval', 'q'), 20);
    expect(s.offer(d('approval', 'q'), 1_000_000)).toBe(false);
    expect(s.decision?.detection.state).toBe('running');
    expect(s.ignoredDetection?.state).toBe('approval');
  });
});
