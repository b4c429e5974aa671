// Launch options become each pinned CLI's real flags, after the user's own args; what a CLI cannot express is refused.

import { describe, expect, test } from 'vitest';
import type { AgentKind } from '../../../src/agents/detection.js';
import { AGENT_LAUNCHES, agentArgs } from '../../../src/agents/launch/agentArgs.js';
import type { LaunchOptions } from '../../../src/agents/launch/options.js';

const KINDS: AgentKind[] = ['claude', 'codex', 'gemini', 'opencode'];

const argsOf = (kind: AgentKind, options: LaunchOptions): string[] => {
  const result = agentArgs(kind, options);
  if (!result.ok) throw new Error(result.message);
  return result.args;
};

const messageOf = (kind: AgentKind, options: LaunchOptions): string => {
  const result = agentArgs(kind, options);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.args)}`);
  return result.message;
};

describe('flags per agent and option', () => {
  const cases: [AgentKind, LaunchOptions, string[]][] = [
    ['claude', { model: 'opus' }, ['--model', 'opus']],
    ['claude', { effort: 'high' }, ['--effort', 'high']],
    ['claude', { bypassPermissions: true }, ['--dangerously-skip-permissions']],
    ['claude', { resume: 'latest' }, ['--continue']],
    ['claude', { resume: { sessionId: '3f2a9c1e-0000-4000-8000-000000000001' } }, ['--resume', '3f2a9c1e-0000-4000-8000-000000000001']],
    ['codex', { model: 'gpt-6.1-sol' }, ['--model', 'gpt-6.1-sol']],
    ['codex', { effort: 'low' }, ['--config', 'model_reasoning_effort="low"']],
    ['codex', { bypassPermissions: true }, ['--dangerously-bypass-approvals-and-sandbox']],
    ['codex', { resume: 'latest' }, ['resume', '--last']],
    ['codex', { resume: { sessionId: 'abc-123' } }, ['resume', 'abc-123']],
    ['gemini', { model: 'flash' }, ['--model', 'flash']],
    ['gemini', { bypassPermissions: true }, ['--approval-mode', 'yolo']],
    ['gemini', { resume: 'latest' }, ['--resume', 'latest']],
    ['gemini', { resume: { sessionId: '5' } }, ['--resume', '5']],
    ['opencode', { model: 'opencode/big-pickle' }, ['--model', 'opencode/big-pickle']],
    ['opencode', { bypassPermissions: true }, ['--auto']],
    ['opencode', { resume: 'latest' }, ['--continue']],
    ['opencode', { resume: { sessionId: 'ses_123' } }, ['--session', 'ses_123']],
  ];
  test.each(cases)('%s %j → %j', (kind, options, expected) => {
    expect(argsOf(kind, options)).toEqual(expected);
  });

  test('no options leave the user args as they are', () => {
    for (const kind of KINDS) expect(argsOf(kind, { args: ['--verbose'] })).toEqual(['--verbose']);
    expect(argsOf('claude', {})).toEqual([]);
  });

  test('bypassPermissions false adds nothing', () => {
    for (const kind of KINDS) expect(argsOf(kind, { bypassPermissions: false })).toEqual([]);
  });

  test('every option together, appended after the user args in a fixed order', () => {
    expect(argsOf('claude', { args: ['--verbose'], model: 'sonnet', effort: 'medium', bypassPermissions: true, resume: 'latest' })).toEqual([
      '--verbose',
      '--model',
      'sonnet',
      '--effort',
      'medium',
      '--dangerously-skip-permissions',
      '--continue',
    ]);
  });

  test("codex's resume is a subcommand, so it goes before the user args and the rest after them", () => {
    expect(argsOf('codex', { args: ['--no-daemon'], model: 'gpt-6-sol', bypassPermissions: true, resume: 'latest' })).toEqual([
      'resume',
      '--last',
      '--no-daemon',
      '--model',
      'gpt-6-sol',
      '--dangerously-bypass-approvals-and-sandbox',
    ]);
    expect(argsOf('codex', { args: ['fix the tests'], resume: { sessionId: 'abc' } })).toEqual(['resume', 'abc', 'fix the tests']);
  });

  test('flags go before a -- that ends the user options, never after it', () => {
    expect(argsOf('gemini', { args: ['--debug', '--', '-not-a-flag'], model: 'pro' })).toEqual(['--debug', '--model', 'pro', '--', '-not-a-flag']);
  });
});

describe('what a CLI cannot express is refused with a reason', () => {
  test('gemini and opencode have no effort flag', () => {
    expect(messageOf('gemini', { effort: 'high' })).toMatch(/Gemini CLI has no effort flag.*thinkingConfig.*settings\.json/);
    expect(messageOf('opencode', { effort: 'low' })).toMatch(/opencode has no effort flag.*ctrl\+t/);
  });

  test('opencode wants provider/model', () => {
    expect(messageOf('opencode', { model: 'big-pickle' })).toMatch(/provider\/model/);
  });

  test('a value that is empty, spaced or starts with - could be read as a flag', () => {
    expect(messageOf('claude', { model: '' })).toMatch(/model is empty/);
    expect(messageOf('claude', { model: '--dangerously-skip-permissions' })).toMatch(/must be one word that does not start with '-'/);
    expect(messageOf('codex', { model: 'gpt 6' })).toMatch(/one word/);
    expect(messageOf('codex', { model: 'gpt\x1b[31m' })).toContain("'gpt^[[31m'");
    expect(messageOf('gemini', { resume: { sessionId: '-1' } })).toMatch(/session id '-1'/);
    expect(messageOf('claude', { model: 'x'.repeat(201) })).toMatch(/longer than 200/);
  });

  test('an effort outside low/medium/high (from untyped settings) is refused', () => {
    expect(messageOf('claude', { effort: 'max' as LaunchOptions['effort'] })).toMatch(/Effort must be one of low, medium, high/);
  });

  test('an option the user args already set is refused, naming the arg', () => {
    expect(messageOf('claude', { args: ['--model', 'opus'], model: 'sonnet' })).toMatch(/Claude Code's args already set the model \('--model'\)/);
    expect(messageOf('claude', { args: ['--permission-mode', 'default'], bypassPermissions: true })).toMatch(/permission bypass \('--permission-mode'\)/);
    expect(messageOf('claude', { args: ['-c'], resume: { sessionId: 'x' } })).toMatch(/resume \('-c'\)/);
    expect(messageOf('codex', { args: ['-mgpt-6-sol'], model: 'gpt-6-luna' })).toMatch(/'-mgpt-6-sol'/);
    expect(messageOf('codex', { args: ['-c', 'model="o3"'], model: 'gpt-6-luna' })).toMatch(/'model="o3"'/);
    expect(messageOf('codex', { args: ['-c', 'model_reasoning_effort="high"'], effort: 'low' })).toMatch(/the effort/);
    expect(messageOf('codex', { args: ['--sandbox', 'read-only'], bypassPermissions: true })).toMatch(/'--sandbox'/);
    expect(messageOf('gemini', { args: ['--approval-mode=plan'], bypassPermissions: true })).toMatch(/'--approval-mode=plan'/);
    expect(messageOf('gemini', { args: ['-y'], bypassPermissions: true })).toMatch(/'-y'/);
    expect(messageOf('opencode', { args: ['--session', 'a'], resume: 'latest' })).toMatch(/'--session'/);
  });

  test('args after -- are operands and never conflict', () => {
    expect(argsOf('claude', { args: ['--', '--model'], model: 'opus' })).toEqual(['--model', 'opus', '--', '--model']);
  });

  test("codex's resume cannot follow another codex subcommand", () => {
    expect(messageOf('codex', { args: ['exec', 'do it'], resume: 'latest' })).toMatch(/subcommand 'exec'/);
  });
});

describe('what the UI shows per agent', () => {
  test.each(KINDS)('%s has a name, an npm install hint, model suggestions and a bypass sentence', (kind) => {
    const launch = AGENT_LAUNCHES[kind];
    expect(launch.kind).toBe(kind);
    expect(launch.displayName).not.toBe('');
    expect(launch.installHint).toMatch(/^npm install -g \S+$/);
    expect(launch.models.length).toBeGreaterThan(0);
    expect(launch.bypassDescription).toMatch(/without asking/);
    for (const model of launch.models) expect(agentArgs(kind, { model }).ok, model).toBe(true);
  });

  test('install hints name the real packages', () => {
    expect(KINDS.map((kind) => AGENT_LAUNCHES[kind].installHint)).toEqual([
      'npm install -g @anthropic-ai/claude-code',
      'npm install -g @openai/codex',
      'npm install -g @google/gemini-cli',
      'npm install -g opencode-ai',
    ]);
  });

  test("codex's bypass sentence says it also drops the sandbox", () => {
    expect(AGENT_LAUNCHES.codex.bypassDescription).toMatch(/without its sandbox/);
  });
});
