import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from '../../../src/commands/argParser.js';

const specs = [
  { name: 'target', short: 't', value: true },
  { name: 'detached', short: 'd' },
  { name: 'json' },
  { name: 'template', value: true, valueOptional: true },
];

describe('argument parser', () => {
  it('reads short, bundled, long and inline values and the command after --', () => {
    const args = parseArgs(['-dt', '3', '--json', '--', 'vim', '-u', 'NONE'], specs);
    expect(args.flags.get('detached')).toBe(true);
    expect(args.flags.get('target')).toBe('3');
    expect(args.flags.get('json')).toBe(true);
    expect(args.rest).toEqual(['vim', '-u', 'NONE']);
    expect(parseArgs(['--target=7'], specs).flags.get('target')).toBe('7');
    expect(parseArgs(['-t7'], specs).flags.get('target')).toBe('7');
  });

  it('lets an optional value be left out: at the end, or before the next flag or --', () => {
    expect(parseArgs(['--template'], specs).flags.get('template')).toBe(true);
    const before = parseArgs(['--template', '-d', '--', 'vim'], specs);
    expect(before.flags.get('template')).toBe(true);
    expect(before.flags.get('detached')).toBe(true);
    expect(before.rest).toEqual(['vim']);
    expect(parseArgs(['--template', 'pair'], specs).flags.get('template')).toBe('pair');
    expect(parseArgs(['--template=pair'], specs).flags.get('template')).toBe('pair');
  });

  it('refuses unknown flags, missing values and extra arguments', () => {
    expect(() => parseArgs(['--nope'], specs)).toThrow(new UsageError('unknown option --nope'));
    expect(() => parseArgs(['-x'], specs)).toThrow(/unknown option -x/);
    expect(() => parseArgs(['-t'], specs)).toThrow(/-t needs a value/);
    // `--` ends the options and is never taken as a value: the command after it is not swallowed.
    expect(() => parseArgs(['--target', '--', 'vim'], specs)).toThrow(/needs a value/);
    expect(() => parseArgs(['-t', '--', 'vim'], specs)).toThrow(/-t needs a value/);
    expect(parseArgs(['--target=--', '--', 'vim'], specs).flags.get('target')).toBe('--');
    expect(() => parseArgs(['--json=1'], specs)).toThrow(/does not take a value/);
    expect(() => parseArgs(['extra'], specs, { maxPositionals: 0 })).toThrow(/unexpected argument 'extra'/);
    // A command with a target flag says how to name one; given -t already, the word is only unexpected.
    const targeted = [{ name: 'target', short: 't', value: true }];
    expect(() => parseArgs(['w1'], targeted, { maxPositionals: 0 })).toThrow("unexpected argument 'w1'; to name what it acts on, use -t w1");
    expect(() => parseArgs(['-t', 'w1', 'w2'], targeted, { maxPositionals: 0 })).toThrow(/^unexpected argument 'w2'$/);
  });
});
