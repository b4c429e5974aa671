// tessera split: a new pane beside or below another.

import path from 'node:path';
import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { oneOf, optBool, optStr, optStrArray } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface SplitArgs {
  pane?: string;
  side: 'right' | 'down';
  keepFocus: boolean;
  /** Absolute; default: the split pane's directory. */
  cwd?: string;
  /** The program and its arguments; default: the user's shell. */
  command?: string[];
}

export interface SplitResult {
  id: number;
}

export const splitPane = defineCommand<SplitArgs, SplitResult>({
  name: 'split',
  aliases: ['split-window'],
  summary: 'split a pane and run a command (default: your shell) in the new one',
  usage: `tessera split [-t PANE] --right|--down [-d] [-c DIR] [-- COMMAND ARGS…]

  --right (-h) puts the new pane to the right, --down (-v) below.
  -d keeps the focus where it is. -c DIR starts in DIR (default: the split pane's directory).
  Prints the new pane's id.`,
  flags: [targetPaneFlag, { name: 'right', short: 'h' }, { name: 'down', short: 'v' }, { name: 'detached', short: 'd' }, { name: 'cwd', short: 'c', value: true }],
  fromCli(args, caller) {
    const right = boolFlag(args, 'right');
    const down = boolFlag(args, 'down');
    if (right === down) throw new UsageError('split needs exactly one of --right or --down');
    const cwd = stringFlag(args, 'cwd');
    return {
      pane: paneTargetFlag(args),
      side: right ? 'right' : 'down',
      keepFocus: boolFlag(args, 'detached'),
      cwd: cwd === undefined ? undefined : path.resolve(caller.cwd, cwd),
      command: args.rest,
    };
  },
  parse: (fields) => ({
    pane: parsePaneTarget(fields.pane),
    side: oneOf(fields.side, 'side', ['right', 'down'] as const),
    keepFocus: optBool(fields.keepFocus, 'keepFocus') ?? false,
    cwd: optStr(fields.cwd, 'cwd'),
    command: optStrArray(fields.command, 'command'),
  }),
  print: (result, _args, output) => output.out(`${result.id}\n`),
});
