// The quick path's command lines: which it takes (a listed query, with -L or -S before it) and which it leaves to
// the full command line (-H, help, both -L and -S, any other command); and each listed command only reads, is
// defined, and never starts a server (a query the quick path asks twice, after falling back, changes nothing).

import { describe, expect, it } from 'vitest';
import { QUICK_COMMANDS, quickCommandOf } from '../../../src/boot/quickCommands.js';
import { QUICK_DEFINITIONS } from '../../../src/cli/quick.js';

describe('the quick path', () => {
  it('takes a listed query with its -L or -S and its own flags', () => {
    expect(quickCommandOf(['approvals', '--json'])).toEqual({ command: 'approvals', rest: ['--json'] });
    expect(quickCommandOf(['-L', 'work', 'approvals', '--log'])).toEqual({ command: 'approvals', name: 'work', rest: ['--log'] });
    expect(quickCommandOf(['-S', '/tmp/s', 'server-info'])).toEqual({ command: 'server-info', socketFile: '/tmp/s', rest: [] });
    expect(quickCommandOf(['list-panes', '-t', 'w', '--json'])).toEqual({ command: 'list-panes', rest: ['-t', 'w', '--json'] });
  });

  it('leaves the rest to the full command line', () => {
    for (const argv of [[], ['ls'], ['-H', 'build1', 'approvals'], ['approvals', '--help'], ['approvals', '-h'], ['-L', 'a', '-S', '/s', 'approvals'], ['--version'], ['-L'], ['help', 'approvals'], ['-L', 'approvals']]) {
      expect(quickCommandOf(argv), argv.join(' ')).toBeUndefined();
    }
  });

  it('has a definition for each listed command, each a plain query that never starts a server', () => {
    expect(Object.keys(QUICK_DEFINITIONS).sort()).toEqual([...QUICK_COMMANDS].sort());
    for (const [name, definition] of Object.entries(QUICK_DEFINITIONS)) {
      expect(definition.name).toBe(name);
      expect(definition.server, name).not.toBe('start');
      expect(definition.runCli, name).toBeUndefined();
      expect(definition.liveOutput, name).toBeUndefined();
    }
  });
});
