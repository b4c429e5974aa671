// The definitions of the commands that act on one pane (view, approve / deny / abort, explain): the
// command line as arguments, and the server's check of arguments from the wire, each refusal naming the field.

import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from '../../../src/commands/argParser.js';
import type { SomeCommand } from '../../../src/commands/contract.js';
import { abort, approve, deny } from '../../../src/commands/answerApproval.js';
import { explain } from '../../../src/commands/explain.js';
import { viewFile } from '../../../src/commands/viewFile.js';
import { InvalidInput } from '../../../src/protocol/validate.js';

const caller = { cwd: '/home/u/project', env: {} };
const fromCli = (definition: SomeCommand, argv: string[]) => definition.fromCli(parseArgs(argv, definition.flags, { maxPositionals: definition.maxPositionals ?? 0 }), caller);

describe('view', () => {
  it('reads the file, the pane and the mode', () => {
    expect(fromCli(viewFile, ['README.md'])).toEqual({ pane: undefined, file: 'README.md' });
    expect(fromCli(viewFile, ['-t', 'w:1', '--markdown', 'notes.txt'])).toEqual({ pane: 'w:1', file: 'notes.txt', mode: 'markdown' });
    expect(viewFile.parse({ file: 'a.ts', line: 12, mode: 'source' })).toEqual({ pane: undefined, file: 'a.ts', mode: 'source', line: 12 });
  });

  it('refuses a missing file, two modes, a bad pane; on the wire each field by name', () => {
    expect(() => fromCli(viewFile, [])).toThrow(new UsageError('view needs a FILE'));
    expect(() => fromCli(viewFile, ['--markdown', '--source', 'a'])).toThrow(/--markdown or --source, not both/);
    expect(() => fromCli(viewFile, ['-t', ':0', 'a'])).toThrow(/invalid pane ':0'/);
    expect(() => viewFile.parse({})).toThrow(new InvalidInput('file must be a string'));
    expect(() => viewFile.parse({ file: 'a', mode: 'html' })).toThrow(/mode must be one of source, markdown/);
    expect(() => viewFile.parse({ file: 'a', line: 0 })).toThrow(InvalidInput);
    expect(() => viewFile.parse({ file: 'a', line: 0 })).toThrow(/line/);
    expect(() => viewFile.parse({ file: 'a', pane: 'no pe' })).toThrow(/invalid pane 'no pe'/);
  });
});

describe('approve, deny and abort', () => {
  it('read the pane and the question meant', () => {
    for (const command of [approve, deny, abort]) {
      expect(fromCli(command, ['-t', '3', '--question', '3fa9c2-17'])).toEqual({ pane: '3', question: '3fa9c2-17' });
      expect(command.parse({ pane: 'w:0' })).toEqual({ pane: 'w:0', question: undefined });
    }
  });

  it('refuse a question id that is not one, on the command line and on the wire', () => {
    expect(() => fromCli(approve, ['--question', 'nope'])).toThrow(UsageError);
    expect(() => fromCli(approve, ['--question', 'nope'])).toThrow(/invalid question id 'nope'/);
    expect(() => deny.parse({ question: 'x\x1b[2J' })).toThrow(InvalidInput);
    expect(() => deny.parse({ question: 7 })).toThrow(/question must be a string/);
    expect(() => abort.parse({ pane: [] })).toThrow(/pane must be a string/);
  });
});

describe('explain', () => {
  it('takes the pane as an argument or with -t, not both', () => {
    expect(fromCli(explain, ['3'])).toEqual({ pane: '3' });
    expect(fromCli(explain, ['-t', '%4'])).toEqual({ pane: '%4' });
    expect(fromCli(explain, [])).toEqual({ pane: undefined });
    expect(() => fromCli(explain, ['3', '-t', '4'])).toThrow(/either as an argument or with -t/);
    expect(fromCli(explain, ['w'])).toEqual({ pane: 'w' });
    expect(() => fromCli(explain, ['.w'])).toThrow(/invalid pane '.w'/);
    expect(() => explain.parse({ pane: ':a' })).toThrow(/invalid pane ':a'/);
  });
});
