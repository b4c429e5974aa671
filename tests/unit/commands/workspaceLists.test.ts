// The definitions of the listings (ls, list-panes, history, templates) and trust: what the command
// line asks, the server's check of it, and that each listing can answer without a server.

import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/commands/argParser.js';
import type { SomeCommand } from '../../../src/commands/contract.js';
import { history } from '../../../src/commands/history.js';
import { listPanes } from '../../../src/commands/listPanes.js';
import { listTemplates } from '../../../src/commands/listTemplates.js';
import { listWorkspaces } from '../../../src/commands/listWorkspaces.js';
import { trustProject } from '../../../src/commands/trustProject.js';
import { InvalidInput } from '../../../src/protocol/validate.js';

const caller = { cwd: '/home/u/project', env: {} };
const fromCli = (definition: SomeCommand, argv: string[]) => definition.fromCli(parseArgs(argv, definition.flags, { maxPositionals: definition.maxPositionals ?? 0 }), caller);

describe('the listings', () => {
  it('ask for one workspace with -t; --json only changes the printing', () => {
    expect(fromCli(listPanes, ['-t', 'w', '--json'])).toEqual({ workspace: 'w' });
    expect(fromCli(history, ['--json'])).toEqual({ workspace: undefined });
    expect(fromCli(listWorkspaces, ['--json', '--all-hosts'])).toEqual({});
    expect(fromCli(listTemplates, ['--json'])).toEqual({});
  });

  it('refuse a workspace or folder that is not a string, naming the field', () => {
    expect(() => listPanes.parse({ workspace: 3 })).toThrow(new InvalidInput('workspace must be a string'));
    expect(() => history.parse({ workspace: 'x'.repeat(65) })).toThrow(/workspace is longer than 64/);
    expect(() => listTemplates.parse({ dir: ['a'] })).toThrow(/dir must be a string/);
    expect(() => listTemplates.parse({ dir: 'relative/folder' })).toThrow(/dir must be an absolute path/);
    expect(listTemplates.parse({ dir: '/abs' })).toEqual({ dir: '/abs' });
  });

  it('each answers without a server, and none starts one to look', () => {
    for (const definition of [listWorkspaces, listPanes, history, listTemplates]) {
      expect(definition.offline, definition.name).toBeTypeOf('function');
      expect(definition.server, definition.name).not.toBe('start');
    }
  });
});

describe('trust', () => {
  it('shows first (the command line approves in a second request, with the hash it showed)', () => {
    expect(fromCli(trustProject, ['-t', 'w', '--yes'])).toEqual({ workspace: 'w' });
    expect(trustProject.parse({ workspace: 'w', approve: true, hash: 'ab' })).toEqual({ workspace: 'w', approve: true, hash: 'ab' });
  });

  it('refuses a bad approve or hash, naming the field', () => {
    expect(() => trustProject.parse({ approve: 'yes' })).toThrow(/approve must be true or false/);
    expect(() => trustProject.parse({ approve: 'yes' })).toThrow(InvalidInput);
    expect(() => trustProject.parse({ hash: 'f'.repeat(65) })).toThrow(/hash is longer than 64/);
  });
});
