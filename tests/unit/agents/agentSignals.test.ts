// The agents' own channels: what a hook payload says, the flags that set the hooks up, the OSC 777 form, and
// the server's check of a report that came over the socket.

import { describe, expect, it } from 'vitest';
import { claudeHookSettings, claudeHookState, readClaudeHook } from '../../../src/agents/signals/claudeHooks.js';
import { codexSignalArgs, readCodexNotify } from '../../../src/agents/signals/codexNotify.js';
import { signalArgs, signalEnv, shellQuoted } from '../../../src/agents/signals/launchSignals.js';
import { parseStatusOsc, statusState } from '../../../src/agents/signals/statusReport.js';
import { agentHook, readHookPayload } from '../../../src/commands/agentHook.js';
import { channelState } from '../../../src/agents/signals/channelState.js';

describe('Claude Code hooks', () => {
  it('a permission request is approval at once, with the tool and its command as the question', () => {
    const report = readClaudeHook({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'touch /tmp/x', description: 'd' } });
    expect(report).toEqual({ source: 'claude', event: 'PermissionRequest', detail: 'Bash', text: 'touch /tmp/x' });
    expect(claudeHookState(report!)).toEqual({ state: 'approval', label: 'hook PermissionRequest Bash', question: 'Allow Bash? — touch /tmp/x' });
  });

  it('Notification by its type: permission_prompt asks, idle_prompt is idle, others say nothing of the state', () => {
    const notify = (type: string) => channelState(readClaudeHook({ hook_event_name: 'Notification', notification_type: type, message: 'Claude needs your permission to use Bash' })!);
    expect(notify('permission_prompt')).toMatchObject({ state: 'approval', label: 'hook Notification permission_prompt', question: 'Claude needs your permission to use Bash' });
    expect(notify('idle_prompt')).toMatchObject({ state: 'idle' });
    expect(notify('auth_success')).toBeUndefined();
  });

  it('turn events: prompt and tools are running, Stop idle, StopFailure error; unknown events and junk are no report', () => {
    const state = (event: string) => channelState(readClaudeHook({ hook_event_name: event })!)?.state;
    expect(['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'StopFailure'].map(state)).toEqual(['running', 'running', 'running', 'idle', 'error']);
    expect(readClaudeHook({ hook_event_name: 'SessionStart' })).toBeUndefined();
    expect(readClaudeHook({ hook_event_name: 'Stop\u001b[31m' })).toBeUndefined();
    expect(readClaudeHook('Stop')).toBeUndefined();
    expect(readHookPayload('claude', '{not json')).toBeUndefined();
    expect(readHookPayload('gemini', '{"hook_event_name":"Stop"}')).toBeUndefined();
  });

  it('control characters in a payload never reach the question', () => {
    const report = readClaudeHook({ hook_event_name: 'Notification', notification_type: 'permission_prompt', message: 'rm\u001b]0;x\u0007 -rf' });
    expect(report?.text).toBe('rm ]0;x  -rf');
  });

  it('settings: every event runs the command in the background with a timeout', () => {
    const settings = JSON.parse(claudeHookSettings("'node' 'tessera.js' hook claude")) as { hooks: Record<string, { hooks: { async: boolean; timeout: number; command: string }[] }[]> };
    expect(Object.keys(settings.hooks)).toEqual(['Notification', 'PermissionRequest', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'StopFailure']);
    for (const [entry] of Object.values(settings.hooks)) expect(entry.hooks[0]).toMatchObject({ async: true, timeout: 5, command: "'node' 'tessera.js' hook claude" });
  });
});

describe('launch flags', () => {
  const hook = ['/usr/bin/node', "/opt/it's/bin/tessera.js", 'agent-hook'];

  it("claude gets --settings with a shell-quoted command; the user's own --settings or --bare leaves it out", () => {
    const args = signalArgs('claude', hook, []);
    expect(args[0]).toBe('--settings');
    expect(args[1]).toContain(JSON.stringify(`'/usr/bin/node' '/opt/it'\\''s/bin/tessera.js' 'agent-hook' 'claude'`).slice(1, -1));
    expect(signalArgs('claude', hook, ['--settings', 'mine.json'])).toEqual([]);
    expect(signalArgs('claude', hook, ['--bare'])).toEqual([]);
    expect(shellQuoted("a'b")).toBe(`'a'\\''b'`);
  });

  it("codex gets -c notify=[…] (a TOML array); the user's own notify leaves it out; gemini and opencode get no flags", () => {
    expect(codexSignalArgs(['node', 'x "y"'])).toEqual(['-c', 'notify=["node", "x \\"y\\""]']);
    expect(signalArgs('codex', hook, ['-c', 'notify=["say"]'])).toEqual([]);
    expect(signalArgs('gemini', hook, [])).toEqual([]);
    expect(signalArgs('opencode', hook, [])).toEqual([]);
  });

  it("codex's notify JSON is read as a report, its thread id as the detail", () => {
    const thread = '01a2411e-aae8-7463-b68b-bcbab86d71c8';
    expect(readCodexNotify({ type: 'agent-turn-complete', 'thread-id': thread, 'last-assistant-message': 'Done.' })).toEqual({ source: 'codex', event: 'agent-turn-complete', detail: thread, text: 'Done.' });
    expect(readHookPayload('codex', '[1,2]')).toBeUndefined();
    // Only the server says whether it was the pane's own conversation (see codexTurns.test.ts).
    expect(channelState(readCodexNotify({ type: 'agent-turn-complete', 'thread-id': thread })!)).toBeUndefined();
    expect(channelState({ source: 'codex', event: 'agent-turn-complete', detail: 'main-thread' })).toEqual({ state: 'idle', label: 'notify agent-turn-complete main-thread' });
    expect(channelState({ source: 'codex', event: 'agent-turn-complete', detail: 'side-thread' })).toBeUndefined();
  });

  it("opencode gets its plugin through OPENCODE_CONFIG_CONTENT unless the pane's environment sets it already; no other agent does", () => {
    const plugin = () => '/state/agent-signals/opencode plugin.mjs';
    expect(signalEnv('opencode', {}, plugin)).toEqual({ OPENCODE_CONFIG_CONTENT: JSON.stringify({ plugin: ['file:///state/agent-signals/opencode%20plugin.mjs'] }) });
    let asked = false;
    expect(signalEnv('opencode', { OPENCODE_CONFIG_CONTENT: '{"model":"mine"}' }, () => ((asked = true), 'x'))).toEqual({});
    expect(asked).toBe(false);
    expect(signalEnv('opencode', {}, () => undefined)).toEqual({});
    for (const kind of ['claude', 'codex', 'gemini'] as const) expect(signalEnv(kind, {}, plugin)).toEqual({});
  });
});

describe('status reports', () => {
  it('OSC 777 tessera-status: a known state with its message (which may hold ;); anything else is not ours', () => {
    expect(parseStatusOsc('tessera-status;waiting;Deploy? y;n')).toEqual({ source: 'status', event: 'waiting', text: 'Deploy? y;n' });
    expect(parseStatusOsc('tessera-status;idle')).toEqual({ source: 'status', event: 'idle' });
    expect(parseStatusOsc('tessera-status;busy;x')).toBeUndefined();
    expect(parseStatusOsc('notify;title;body')).toBeUndefined();
  });

  it('states: working is running, waiting is approval with the message as the question', () => {
    expect(statusState({ source: 'status', event: 'waiting' })).toEqual({ state: 'approval', label: 'status waiting', question: 'waiting for you' });
    expect(statusState({ source: 'status', event: 'working', text: 'tests' })).toEqual({ state: 'running', label: 'status working: tests' });
  });
});

describe('hook report from the wire', () => {
  it('is checked field by field', () => {
    expect(agentHook.parse({ report: { source: 'claude', event: 'Stop', firedAt: 5 }, token: 't' })).toEqual({ report: { source: 'claude', event: 'Stop', firedAt: 5 }, token: 't' });
    expect(() => agentHook.parse({ report: { source: 'someone', event: 'Stop' } })).toThrow('report.source');
    expect(() => agentHook.parse({ report: { source: 'claude', event: 'a b' } })).toThrow('report.event');
    expect(() => agentHook.parse({ report: { source: 'claude', event: 'Stop', text: 'x'.repeat(501) } })).toThrow('report.text');
    expect(agentHook.parse({ report: { source: 'claude', event: 'Stop', text: 'a\u001bb' } }).report.text).toBe('a b');
  });
});
