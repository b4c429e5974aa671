// The state Gemini CLI 0.61.0 and Codex 0.169.0 put in their terminal titles (as recorded from real runs against the
// fake model: gemini pads its title to 80 columns, codex blinks "!" to "." and spins a braille frame).

import { describe, expect, it } from 'vitest';
import { channelState } from '../../../src/agents/signals/channelState.js';
import { readAgentTitle } from '../../../src/agents/signals/titleSignals.js';

const said = (kind: string, title: string) => {
  const report = readAgentTitle(kind, title);
  return report === undefined ? undefined : channelState(report);
};

describe('agent titles', () => {
  it('gemini: Ready is idle, Working (or a thought) is running, Action Required is approval', () => {
    expect(said('gemini', '◇  Ready (project)'.padEnd(80))).toEqual({ state: 'idle', label: 'title Ready' });
    expect(said('gemini', '✦  Working… (project)'.padEnd(80))).toEqual({ state: 'running', label: 'title Working' });
    expect(said('gemini', '✦  Checking the tests (project)')?.state).toBe('running');
    expect(said('gemini', '⏲  Working… (project)')?.state).toBe('running');
    expect(said('gemini', '✋  Action Required (project)'.padEnd(80))).toMatchObject({ state: 'approval', label: 'title Action Required' });
    // Its static title (ui.dynamicWindowTitle: false) and anything else say nothing.
    expect(said('gemini', 'Gemini CLI (project)')).toBeUndefined();
    expect(said('gemini', '')).toBeUndefined();
  });

  it('codex: a spinner is running, Action Required (either blink) is approval, the bare project says nothing', () => {
    expect(said('codex', '⠼ project')).toEqual({ state: 'running', label: 'title Working' });
    expect(said('codex', '[ ! ] Action Required | project')).toMatchObject({ state: 'approval', label: 'title Action Required' });
    expect(said('codex', '[ . ] Action Required | project')?.state).toBe('approval');
    expect(said('codex', 'project')).toBeUndefined();
    expect(said('codex', '⠀ project')).toBeUndefined();
  });

  it('only for the agent that sets it: a claude, opencode or custom agent title is no report', () => {
    expect(readAgentTitle('claude', '✳ Claude Code')).toBeUndefined();
    expect(readAgentTitle('opencode', '◇  Ready (project)')).toBeUndefined();
    expect(readAgentTitle('helper', '⠼ project')).toBeUndefined();
    expect(readAgentTitle('codex', '⠼ project')).toEqual({ source: 'codex', event: 'title', detail: 'working' });
    expect(readAgentTitle('gemini', '◇  Ready (x)')).toEqual({ source: 'gemini', event: 'title', detail: 'ready' });
  });
});
