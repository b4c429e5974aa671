// The registry of agent kinds: built-ins and custom agents, and which kind a command line runs.

import { describe, expect, test } from 'vitest';
import { agentKindEntries, agentKindForCommand, findAgentKind, isBuiltinAgentKind, parseCustomAgents, type CustomAgent } from '../../../src/agents/agentKinds.js';
import { AGENT_DETECTORS } from '../../../src/agents/detectors.js';

const parsed = parseCustomAgents([
  { name: 'aider', command: '/opt/aider/bin/aider-chat', detection: { idle: ['^> '] }, approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c' } },
  { name: 'goose', command: 'goose', installHint: 'brew install goose', approvalKeys: { allow: 'Enter', deny: 'Escape', abort: 'Escape' } },
]);
if (!parsed.ok) throw new Error(parsed.message);
const CUSTOM: CustomAgent[] = parsed.agents;

describe('agentKindForCommand', () => {
  test.each([
    ['claude', 'claude'],
    ['/usr/local/bin/claude', 'claude'],
    ['claude.exe', 'claude'],
    ['C:\\Users\\me\\AppData\\Roaming\\npm\\Codex.CMD', 'codex'],
    ['/home/me/.npm-global/bin/gemini', 'gemini'],
    ['opencode', 'opencode'],
  ])('%s → %s', (argv0, kind) => {
    expect(agentKindForCommand(argv0, [])).toBe(kind);
  });

  test('shells, ssh and unknown programs are no agent', () => {
    for (const argv0 of ['bash', '/bin/zsh', 'ssh', 'vim', '', '/usr/bin/', 'claude-wrapper']) expect(agentKindForCommand(argv0, CUSTOM), argv0).toBeUndefined();
  });

  test("a custom agent is found by its command's program name or by its name", () => {
    expect(agentKindForCommand('/opt/aider/bin/aider-chat', CUSTOM)).toBe('aider');
    expect(agentKindForCommand('aider-chat.exe', CUSTOM)).toBe('aider');
    expect(agentKindForCommand('aider', CUSTOM)).toBe('aider');
    expect(agentKindForCommand('/usr/bin/goose', CUSTOM)).toBe('goose');
    expect(agentKindForCommand('aider', [])).toBeUndefined();
  });

  test('a built-in wins over a custom agent that wraps the same program', () => {
    const wrapper = parseCustomAgents([{ name: 'claude-opus', command: 'claude', args: ['--model', 'opus'], approvalKeys: { allow: '1', deny: '4', abort: 'Escape' } }]);
    if (!wrapper.ok) throw new Error(wrapper.message);
    expect(agentKindForCommand('claude', wrapper.agents)).toBe('claude');
    expect(agentKindForCommand('claude-opus', wrapper.agents)).toBe('claude-opus');
  });
});

describe('the registry', () => {
  test('lists the four built-ins first, then custom agents in settings order', () => {
    expect(agentKindEntries(CUSTOM).map((entry) => entry.kind)).toEqual(['claude', 'codex', 'opencode', 'gemini', 'aider', 'goose']);
  });

  test('a built-in kind has its CLI, install hint, launch flags and the shared detector', () => {
    const claude = findAgentKind('claude', CUSTOM);
    expect(claude).toMatchObject({ kind: 'claude', displayName: 'Claude Code', command: 'claude', args: [], installHint: 'npm install -g @anthropic-ai/claude-code' });
    expect(claude?.detector).toBe(AGENT_DETECTORS.claude);
    expect(claude?.launch?.kind).toBe('claude');
  });

  test('a custom kind has its command, args, hint and a detector built from its patterns, and no launch flags', () => {
    const aider = findAgentKind('aider', CUSTOM);
    expect(aider).toMatchObject({ kind: 'aider', displayName: 'aider', command: '/opt/aider/bin/aider-chat', args: [] });
    expect(aider).not.toHaveProperty('installHint');
    expect(aider?.launch).toBeUndefined();
    expect(aider?.detector.detect({ lines: ['> '], cursorX: 2, cursorY: 0 }).state).toBe('idle');
    expect(findAgentKind('goose', CUSTOM)?.installHint).toBe('brew install goose');
  });

  test('an unknown kind is not found', () => {
    expect(findAgentKind('vim', CUSTOM)).toBeUndefined();
    expect(isBuiltinAgentKind('aider')).toBe(false);
    expect(isBuiltinAgentKind('gemini')).toBe(true);
  });
});
