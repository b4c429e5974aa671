// The diff command's definition: the command line as arguments (one view, one format, a range that
// is never an option), and the server's check of arguments from the wire.

import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from '../../../src/commands/argParser.js';
import { diff } from '../../../src/commands/diff.js';
import { InvalidInput } from '../../../src/protocol/validate.js';

const caller = { cwd: '/', env: {} };
const fromCli = (argv: string[]) => diff.fromCli(parseArgs(argv, diff.flags, { maxPositionals: diff.maxPositionals }), caller);

describe('diff', () => {
  it('defaults to the branch since its base, as a patch with untracked files', () => {
    expect(fromCli([])).toEqual({ workspace: undefined, view: 'branch', range: undefined, untracked: true, format: 'patch', paths: [] });
    expect(fromCli(['-t', 'w', '--uncommitted', '--json', '--no-untracked', '--', 'src', 'a b.txt'])).toEqual({
      workspace: 'w',
      view: 'uncommitted',
      range: undefined,
      untracked: false,
      format: 'json',
      paths: ['src', 'a b.txt'],
    });
    expect(fromCli(['main..HEAD', '--stat'])).toMatchObject({ view: 'range', range: 'main..HEAD', format: 'stat' });
  });

  it('refuses two views, two formats, and a range that is an option or holds control characters', () => {
    expect(() => fromCli(['--staged', '--uncommitted'])).toThrow(UsageError);
    expect(() => fromCli(['--staged', 'HEAD~1'])).toThrow(/cannot be combined/);
    expect(() => fromCli(['--stat', '--json'])).toThrow(/--stat and --json cannot be combined/);
    expect(() => diff.parse({ view: 'range', range: '--output=/tmp/x' })).toThrow(InvalidInput);
    expect(() => diff.parse({ view: 'range', range: 'a\x1b[2Jb' })).toThrow(/control characters/);
    expect(() => diff.parse({ view: 'range' })).toThrow(/range is required/);
    expect(() => diff.parse({ view: 'branch', range: 'HEAD' })).toThrow(/only for view range/);
    expect(() => diff.parse({ format: 'html' })).toThrow(InvalidInput);
    expect(() => diff.parse({ paths: ['a\0b'] })).toThrow(/without NUL/);
    expect(diff.parse({})).toEqual({ workspace: undefined, view: 'branch', range: undefined, untracked: true, format: 'patch', paths: [] });
  });
});
