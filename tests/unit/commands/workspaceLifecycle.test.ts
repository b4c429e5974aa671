// The definitions of new, rm and reset: the command line as arguments (folders made absolute, flags
// that do not go together refused), and the server's check of arguments from the wire.

import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from '../../../src/commands/argParser.js';
import type { SomeCommand } from '../../../src/commands/contract.js';
import { newWorkspace } from '../../../src/commands/newWorkspace.js';
import { removeWorkspace, resetWorkspace } from '../../../src/commands/removeWorkspace.js';
import { InvalidInput } from '../../../src/protocol/validate.js';

const caller = { cwd: '/home/u/project', env: {} };
const fromCli = (definition: SomeCommand, argv: string[]) => definition.fromCli(parseArgs(argv, definition.flags, { maxPositionals: definition.maxPositionals ?? 0 }), caller);

describe('new', () => {
  it('makes folders absolute from where it was typed', () => {
    expect(fromCli(newWorkspace, ['-s', 'w', '-c', 'sub', '-d', '--', 'claude', '--x'])).toMatchObject({ name: 'w', cwd: '/home/u/project/sub', command: ['claude', '--x'], bypassPermissions: false });
    expect(fromCli(newWorkspace, ['--worktree', '--repo', '../r', '--base', 'main'])).toMatchObject({ worktree: true, repo: '/home/u/r', base: 'main' });
  });

  it('refuses flags that do not go together', () => {
    expect(() => fromCli(newWorkspace, ['-c', 'x', '--worktree'])).toThrow(UsageError);
    expect(() => fromCli(newWorkspace, ['--template', 'pair', '--', 'vim'])).toThrow(/--template or a command after --/);
    expect(() => fromCli(newWorkspace, ['--base', 'main'])).toThrow(/go with --worktree/);
  });

  it('checks each field from the wire by name', () => {
    expect(() => newWorkspace.parse({ cwd: 3 })).toThrow(new InvalidInput('cwd must be a string'));
    expect(() => newWorkspace.parse({ size: { cols: 0, rows: 24 } })).toThrow(/size\.cols/);
    expect(() => newWorkspace.parse({ size: 'big' })).toThrow(/size must be an object/);
    expect(() => newWorkspace.parse({ command: 'vim' })).toThrow(/command/);
    expect(() => newWorkspace.parse({ bypassPermissions: 'yes' })).toThrow(/bypassPermissions must be true or false/);
    expect(() => newWorkspace.parse({ template: 'x'.repeat(65) })).toThrow(/template is longer than 64/);
    expect(newWorkspace.parse({ cwd: '/a', size: { cols: 100, rows: 30 } })).toMatchObject({ cwd: '/a', size: { cols: 100, rows: 30 }, bypassPermissions: false });
  });
});

describe('rm and reset', () => {
  it('need a workspace, or for rm --merged none and no permission', () => {
    expect(fromCli(removeWorkspace, ['-t', 'w', '--yes', '--force'])).toEqual({ workspace: 'w', yes: true, force: true, discardChanges: false, discardIgnored: false });
    expect(fromCli(removeWorkspace, ['--merged'])).toEqual({ merged: true, yes: false });
    expect(() => fromCli(removeWorkspace, [])).toThrow(new UsageError('give the workspace with -t NAME'));
    expect(() => fromCli(resetWorkspace, ['--yes'])).toThrow(/-t NAME/);
    expect(() => fromCli(removeWorkspace, ['--merged', '-t', 'w'])).toThrow(/leave out -t/);
    expect(() => fromCli(removeWorkspace, ['--merged', '--force'])).toThrow(/one workspace at a time/);
  });

  it('check each field from the wire by name', () => {
    expect(() => removeWorkspace.parse({})).toThrow(new InvalidInput('workspace must be a string'));
    expect(() => resetWorkspace.parse({ workspace: 'w', yes: 1 })).toThrow(/yes must be true or false/);
    expect(() => removeWorkspace.parse({ merged: true, discardChanges: true })).toThrow(/takes no permission/);
    expect(() => removeWorkspace.parse({ workspace: 'w', expect: 'x' })).toThrow(/expect must be an object/);
    expect(removeWorkspace.parse({ merged: true, yes: true })).toEqual({ merged: true, yes: true });
  });
});
