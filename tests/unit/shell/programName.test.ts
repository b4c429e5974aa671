// A command is allowlisted by its program name, whatever path or Windows extension it is written with.

import { describe, expect, it } from 'vitest';
import { programName } from '../../../src/shell/programName.js';

describe('programName', () => {
  it('strips directories, a trailing executable extension and case', () => {
    expect(programName('/usr/local/bin/Claude.EXE')).toBe('claude');
    expect(programName('claude')).toBe('claude');
    expect(programName('./bin/codex')).toBe('codex');
  });

  it('understands Windows separators too', () => {
    expect(programName('C:\\Users\\me\\bin\\pwsh.exe')).toBe('pwsh');
    expect(programName('D:\\tools/mixed\\Gemini.cmd')).toBe('gemini');
  });

  it('strips each of .exe .cmd .bat .com .ps1, only once and only at the end', () => {
    for (const ext of ['.exe', '.cmd', '.bat', '.com', '.ps1', '.EXE', '.Ps1']) expect(programName(`nu${ext}`)).toBe('nu');
    expect(programName('claude.exe.exe')).toBe('claude.exe');
    expect(programName('claude.sh')).toBe('claude.sh');
    expect(programName('exe')).toBe('exe');
  });

  it('never reduces a name to nothing by stripping an extension', () => {
    expect(programName('.exe')).toBe('.exe');
    expect(programName('/usr/bin/')).toBe('');
  });
});
