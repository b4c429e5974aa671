// Custom shell command lines are split by tessera itself: words, quotes, a few escapes, and hard limits.

import { describe, expect, it } from 'vitest';
import { MAX_SHELL_ARGS, tokenizeShellCommand } from '../../../src/shell/tokenize.js';

function argv(line: string): string[] {
  const result = tokenizeShellCommand(line);
  if (!result.ok) throw new Error(result.message);
  return result.argv;
}

function refusal(line: string): string {
  const result = tokenizeShellCommand(line);
  if (result.ok) throw new Error(`expected a refusal for ${JSON.stringify(line)}`);
  return result.message;
}

describe('tokenizeShellCommand', () => {
  it('splits on spaces and tabs, ignoring runs of them', () => {
    expect(argv('  bash\t-l   -i ')).toEqual(['bash', '-l', '-i']);
    expect(argv('')).toEqual([]);
    expect(argv(' \t ')).toEqual([]);
  });

  it('groups quoted text and removes the quotes', () => {
    expect(argv(`pwsh -Command "Write-Host 'hi there'"`)).toEqual(['pwsh', '-Command', "Write-Host 'hi there'"]);
    expect(argv(`zsh -c 'echo "a b"'`)).toEqual(['zsh', '-c', 'echo "a b"']);
    expect(argv(`nu --config"d "'e f'`)).toEqual(['nu', '--configd e f']);
    expect(argv(`bash "" ''`)).toEqual(['bash', '', '']);
  });

  it('keeps Windows paths: a backslash before an ordinary character is literal', () => {
    expect(argv('C:\\Users\\me\\bin\\pwsh.exe -NoLogo')).toEqual(['C:\\Users\\me\\bin\\pwsh.exe', '-NoLogo']);
    expect(argv('"C:\\Program Files\\PowerShell\\7\\pwsh.exe"')).toEqual(['C:\\Program Files\\PowerShell\\7\\pwsh.exe']);
  });

  it('lets a backslash escape whitespace, quotes and another backslash', () => {
    expect(argv('fish /opt/my\\ shells/conf')).toEqual(['fish', '/opt/my shells/conf']);
    expect(argv(`bash \\"x\\' a\\\\b`)).toEqual(['bash', `"x'`, 'a\\b']);
    expect(argv(`zsh 'it\\'s'`)).toEqual(['zsh', "it's"]);
    expect(argv('bash a\\\tb')).toEqual(['bash', 'a\tb']);
  });

  it('keeps a trailing lone backslash literally', () => {
    expect(argv('bash C:\\')).toEqual(['bash', 'C:\\']);
    expect(argv('\\')).toEqual(['\\']);
  });

  it(`allows ${MAX_SHELL_ARGS} arguments and refuses ${MAX_SHELL_ARGS + 1} instead of dropping one`, () => {
    expect(MAX_SHELL_ARGS).toBe(32);
    const args = (count: number): string => Array.from({ length: count }, (_, i) => `a${i}`).join(' ');
    expect(argv(`bash ${args(32)}`)).toHaveLength(33);
    expect(refusal(`bash ${args(33)}`)).toBe('Shell command has 33 arguments after the program; at most 32 are allowed');
  });

  it('refuses an unterminated quote and says where it opened', () => {
    expect(refusal('bash -c "echo hi')).toBe('Shell command has an unterminated double quote (opened at character 9); close it with "');
    expect(refusal("zsh 'x")).toBe("Shell command has an unterminated single quote (opened at character 5); close it with '");
    // An escaped closing quote does not close.
    expect(refusal('bash "C:\\dir\\"')).toContain('unterminated double quote');
  });

  it('refuses NUL and other control characters, but not tab', () => {
    expect(refusal('bash\0-l')).toBe('Shell command contains a NUL character at character 5; only printable characters, spaces and tabs are allowed');
    expect(refusal('bash\n-l')).toContain('the control character U+000A at character 5');
    expect(refusal('bash \x1b[31m')).toContain('U+001B');
    expect(refusal('bash \x7f')).toContain('U+007F');
    expect(refusal('bash \u009b')).toContain('U+009B');
    expect(argv('bash\t-l')).toEqual(['bash', '-l']);
  });

  it('passes non-ASCII text through', () => {
    expect(argv('fish /home/zoë/ç')).toEqual(['fish', '/home/zoë/ç']);
  });
});
