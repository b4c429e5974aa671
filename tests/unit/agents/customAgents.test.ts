// User-defined agents from settings: every field checked with a message that names it, and a working detector.

import { describe, expect, test } from 'vitest';
import { parseCustomAgents, type CustomAgent } from '../../../src/agents/agentKinds.js';
import { customAgentDetector } from '../../../src/agents/custom/detector.js';
import type { AgentScreen } from '../../../src/agents/screen.js';

const AIDER = {
  name: 'aider',
  command: 'aider',
  args: ['--no-auto-commits'],
  installHint: 'pipx install aider-chat',
  detection: { idle: ['^> $', '^>\\s'], running: ['Waiting for'], approval: ['\\(Y\\)es/\\(N\\)o'] },
  approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
};

const parseOne = (overrides: Record<string, unknown>): CustomAgent => {
  const result = parseCustomAgents([{ ...AIDER, ...overrides }]);
  if (!result.ok) throw new Error(result.message);
  return result.agents[0];
};

const messageFor = (value: unknown): string => {
  const result = parseCustomAgents(value);
  if (result.ok) throw new Error('expected a refusal');
  return result.message;
};

const withAgent = (overrides: Record<string, unknown>): string => messageFor([{ ...AIDER, ...overrides }]);

const screen = (...lines: string[]): AgentScreen => ({ lines, cursorX: 0, cursorY: 0 });

describe('parseCustomAgents', () => {
  test('no setting means no custom agents', () => {
    expect(parseCustomAgents(undefined)).toEqual({ ok: true, agents: [] });
  });

  test('reads a full definition, with the approval keys as bytes', () => {
    expect(parseOne({})).toEqual({
      name: 'aider',
      command: 'aider',
      args: ['--no-auto-commits'],
      installHint: 'pipx install aider-chat',
      detection: AIDER.detection,
      approvalKeys: { allow: 'y\r', deny: 'n\r', abort: '\x03' },
    });
  });

  test('args, installHint and detection are optional', () => {
    const agent = parseOne({ args: undefined, installHint: undefined, detection: undefined });
    expect(agent.args).toEqual([]);
    expect(agent).not.toHaveProperty('installHint');
    expect(agent.detection).toEqual({ idle: [], running: [], approval: [] });
  });

  test('named keys: Enter, Escape, digits, arrows, modifiers', () => {
    expect(parseOne({ approvalKeys: { allow: '1', deny: 'Escape', abort: 'Esc' } }).approvalKeys).toEqual({ allow: '1', deny: '\x1b', abort: '\x1b' });
    expect(parseOne({ approvalKeys: { allow: 'Down Enter', deny: 'Tab', abort: 'C-c C-c' } }).approvalKeys).toEqual({
      allow: '\x1b[B\r',
      deny: '\t',
      abort: '\x03\x03',
    });
  });

  test('an absolute path is a command too, POSIX or Windows', () => {
    expect(parseOne({ command: '/opt/aider/bin/aider' }).command).toBe('/opt/aider/bin/aider');
    expect(parseOne({ command: 'C:\\tools\\aider.exe' }).command).toBe('C:\\tools\\aider.exe');
  });

  test('the setting must be a list of objects', () => {
    expect(messageFor({ aider: AIDER })).toBe('customAgents must be a list of agent definitions');
    expect(messageFor(['aider'])).toMatch(/^customAgents\[0\] must be an object/);
    expect(messageFor(Array.from({ length: 33 }, (_, i) => ({ ...AIDER, name: `a${i}` })))).toMatch(/more than 32 agents/);
  });

  test('a bad name is refused', () => {
    expect(withAgent({ name: 'My Agent' })).toMatch(/^customAgents\[0\]\.name \('My Agent'\) must be a lowercase identifier/);
    expect(withAgent({ name: '1st' })).toMatch(/must be a lowercase identifier/);
    expect(withAgent({ name: 'Aider' })).toMatch(/must be a lowercase identifier/);
    expect(withAgent({ name: 42 })).toBe('customAgents[0].name must be a string');
    expect(withAgent({ name: undefined })).toBe('customAgents[0].name must be a string');
    expect(withAgent({ name: 'a'.repeat(33) })).toMatch(/longer than 32/);
  });

  test('a name may not clash with a built-in agent, a shell or ssh', () => {
    for (const name of ['claude', 'codex', 'gemini', 'opencode', 'bash', 'zsh', 'pwsh', 'ssh']) {
      expect(withAgent({ name })).toBe(`customAgents[0].name ('${name}') is already a built-in agent, shell or ssh: choose another name`);
    }
  });

  test('two agents may not share a name', () => {
    expect(messageFor([AIDER, { ...AIDER, command: 'aider2' }])).toMatch(/^customAgents\[1\] is named 'aider' like an earlier one/);
  });

  test('a command must be a program name or an absolute path', () => {
    expect(withAgent({ command: './aider' })).toMatch(/^customAgents\[0\] \('aider'\)\.command \('\.\/aider'\) must be a program name .* or an absolute path/);
    expect(withAgent({ command: 'bin/aider' })).toMatch(/absolute path/);
    expect(withAgent({ command: 'aider --yes' })).toMatch(/absolute path/);
    expect(withAgent({ command: '' })).toMatch(/absolute path/);
    expect(withAgent({ command: '/bin/ai\nder' })).toMatch(/command must not contain control characters/);
  });

  test('args must be strings', () => {
    expect(withAgent({ args: '--yes' })).toMatch(/\.args must be a list of strings/);
    expect(withAgent({ args: ['--yes', 3] })).toMatch(/\.args\[1\] must be a string/);
  });

  test('unknown fields are reported, so a misspelt setting does not silently do nothing', () => {
    expect(withAgent({ detect: {} })).toMatch(/^customAgents\[0\] has an unknown field 'detect'/);
    expect(withAgent({ detection: { idel: ['x'] } })).toMatch(/detection has an unknown field 'idel'/);
    expect(withAgent({ approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c', cancel: 'q' } })).toMatch(/approvalKeys has an unknown field 'cancel'/);
  });

  test('a bad regular expression is refused, naming the state, index and pattern', () => {
    const message = withAgent({ detection: { idle: ['ok', '(unclosed'] } });
    expect(message).toMatch(/^customAgents\[0\] \('aider'\)\.detection\.idle\[1\] is not a valid regular expression \(\/\(unclosed\/: /);
  });

  test('a pattern longer than 500 characters is refused', () => {
    expect(withAgent({ detection: { running: ['a'.repeat(501)] } })).toMatch(/detection\.running\[0\] is longer than 500 characters/);
    expect(parseOne({ detection: { running: ['a'.repeat(500)] } }).detection.running[0]).toHaveLength(500);
  });

  test('a pattern that matches an empty line would match every screen', () => {
    expect(withAgent({ detection: { approval: ['y?'] } })).toMatch(/detection\.approval\[0\] \(\/y\?\/\) matches an empty line/);
    expect(withAgent({ detection: { idle: [''] } })).toMatch(/matches an empty line/);
  });

  test('a bad key name is refused, naming the answer and the word', () => {
    expect(withAgent({ approvalKeys: { allow: 'yes', deny: 'n', abort: 'Escape' } })).toMatch(
      /^customAgents\[0\] \('aider'\)\.approvalKeys\.allow has 'yes', which is not a key/,
    );
    expect(withAgent({ approvalKeys: { allow: 'y', deny: 'Enter Bogus', abort: 'Escape' } })).toMatch(/approvalKeys\.deny has 'Bogus'/);
    expect(withAgent({ approvalKeys: { allow: 'y', deny: 'n', abort: '   ' } })).toMatch(/approvalKeys\.abort names no key/);
    expect(withAgent({ approvalKeys: { allow: 'y', deny: 'n' } })).toMatch(/approvalKeys\.abort must be a string of key names/);
    expect(withAgent({ approvalKeys: undefined })).toMatch(/approvalKeys must be an object with allow, deny and abort/);
  });
});

describe('a custom agent detector', () => {
  const detector = customAgentDetector(parseOne({}));

  test('is named after the agent and answers with its keys', () => {
    expect(detector.kind).toBe('aider');
    expect(detector.approvalKeys).toEqual({ allow: 'y\r', deny: 'n\r', abort: '\x03' });
  });

  test('idle, running and approval from the patterns, explained by the pattern that matched', () => {
    expect(detector.detect(screen('aider v0.80', '', '> '))).toEqual({ state: 'idle', rule: 'idle pattern /^> $/', matched: ['>'] });
    expect(detector.detect(screen('> fix it', 'Waiting for gpt-5...'))).toMatchObject({ state: 'running', rule: 'running pattern /Waiting for/' });
  });

  test('approval outranks running, which outranks idle; the question is the matched line', () => {
    const asking = screen('> echo hi', 'Waiting for you', '│ Run shell command? echo hi (Y)es/(N)o [Yes]: │');
    expect(detector.detect(asking)).toEqual({
      state: 'approval',
      rule: 'approval pattern /\\(Y\\)es/\\(N\\)o/',
      matched: ['│ Run shell command? echo hi (Y)es/(N)o [Yes]: │'],
      question: 'Run shell command? echo hi (Y)es/(N)o [Yes]:',
      questionRows: [2],
    });
    expect(detector.detect(screen('> fix it', 'Waiting for gpt')).state).toBe('running');
  });

  test('reads only the live part: what is above the latest prompt belongs to turns that are over', () => {
    // An old question and an old status line above the prompt the agent is back at.
    const back = screen('> echo hi', 'Run shell command? echo hi (Y)es/(N)o [Yes]: y', 'Waiting for gpt', 'done', '> ');
    expect(detector.detect(back)).toEqual({ state: 'idle', rule: 'idle pattern /^> $/', matched: ['>'] });
    // The next turn: only its own lines count, from its prompt down.
    const next = screen(...back.lines.slice(0, -1), '> make tea', 'Waiting for gpt');
    expect(detector.detect(next)).toMatchObject({ state: 'running', matched: ['Waiting for gpt'] });
  });

  test('the question is the lowest one asked, and every live line an approval pattern matches is part of it', () => {
    const twice = screen('> go', 'Run shell command? ls (Y)es/(N)o [Yes]: y', 'Run shell command? rm x (Y)es/(N)o [Yes]:');
    expect(detector.detect(twice)).toMatchObject({ state: 'approval', question: 'Run shell command? rm x (Y)es/(N)o [Yes]:', questionRows: [1, 2] });
  });

  test('a blank screen is starting; anything else unmatched is unknown', () => {
    expect(detector.detect(screen('', '')).state).toBe('starting');
    expect(detector.detect(screen('Traceback (most recent call last):')).state).toBe('unknown');
  });
});
