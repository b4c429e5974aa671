// The allowlist for commands from the settings file: only known agents, shells, ssh and names the user added pass; refusals list what is allowed.

import { describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS, checkCommandAllowed, parseExtraCommands } from '../../../src/shell/allowlist.js';

const BUILTIN_LIST = 'claude, codex, opencode, gemini, bash, sh, zsh, fish, nu, xonsh, pwsh, ssh';

describe('checkCommandAllowed', () => {
  it('allows every built-in agent, shell and ssh', () => {
    for (const name of BUILTIN_COMMANDS) expect(checkCommandAllowed(name)).toEqual({ ok: true, name });
    expect(BUILTIN_COMMANDS.join(', ')).toBe(BUILTIN_LIST);
  });

  it('checks the program name, so pinned paths and Windows executables pass', () => {
    expect(checkCommandAllowed('/opt/claude/bin/claude')).toEqual({ ok: true, name: 'claude' });
    expect(checkCommandAllowed('D:\\tools\\Codex.EXE')).toEqual({ ok: true, name: 'codex' });
  });

  it('refuses anything else with the exact message, quoting the command as given', () => {
    expect(checkCommandAllowed('/usr/bin/python3')).toEqual({
      ok: false,
      message: `Command '/usr/bin/python3' is not allowed. Allowed commands: [${BUILTIN_LIST}]`,
    });
    expect(checkCommandAllowed('')).toEqual({ ok: false, message: `Command '' is not allowed. Allowed commands: [${BUILTIN_LIST}]` });
  });

  it('allows extra names from settings and lists them after the built-ins', () => {
    expect(checkCommandAllowed('/home/me/.local/bin/aider', ['aider'])).toEqual({ ok: true, name: 'aider' });
    expect(checkCommandAllowed('make', ['aider', 'goose'])).toEqual({
      ok: false,
      message: `Command 'make' is not allowed. Allowed commands: [${BUILTIN_LIST}, aider, goose]`,
    });
  });

  it('matches extras case-insensitively and lists a repeated name once', () => {
    expect(checkCommandAllowed('aider', ['Aider'])).toEqual({ ok: true, name: 'aider' });
    const refused = checkCommandAllowed('make', ['claude', 'goose', 'goose']);
    expect(refused).toEqual({ ok: false, message: `Command 'make' is not allowed. Allowed commands: [${BUILTIN_LIST}, goose]` });
  });

  it('never matches an extra that is not a plain program name', () => {
    expect(checkCommandAllowed('evil', ['/tmp/evil']).ok).toBe(false);
    expect(checkCommandAllowed('', ['']).ok).toBe(false);
  });
});

describe('parseExtraCommands', () => {
  it('accepts plain program names, lowercased and without repeats', () => {
    expect(parseExtraCommands(['aider', 'Goose', 'goose', 'my-tool_2.1', 'g++'])).toEqual({ ok: true, names: ['aider', 'goose', 'my-tool_2.1', 'g++'] });
    expect(parseExtraCommands(undefined)).toEqual({ ok: true, names: [] });
  });

  it('refuses paths, extensions, spaces and odd names, naming the entry', () => {
    for (const bad of ['/usr/bin/aider', 'bin\\aider', 'aider.exe', 'my tool', '', '.hidden', '..', '-rf', 'a'.repeat(65)]) {
      const result = parseExtraCommands(['ok', bad]);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.message).toContain('extraCommands[1]');
    }
  });

  it('refuses a value that is not a list of strings', () => {
    expect(parseExtraCommands('aider')).toEqual({ ok: false, message: 'extraCommands must be a list of program names' });
    expect(parseExtraCommands([3])).toEqual({ ok: false, message: 'extraCommands[0] must be a string' });
    expect(parseExtraCommands(Array.from({ length: 65 }, (_, i) => `tool${i}`)).ok).toBe(false);
  });
});
