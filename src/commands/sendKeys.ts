// tessera send-keys: type keys into a pane.

import { UsageError, boolFlag } from './argParser.js';
import { optBool, strArray } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface SendKeysArgs {
  pane?: string;
  /** Key names (Enter, C-c, …) or text. */
  keys: string[];
  /** Every key is text, even `Enter`. */
  literal: boolean;
}

export const sendKeys = defineCommand<SendKeysArgs, null>({
  name: 'send-keys',
  summary: 'type keys into a pane',
  usage: `tessera send-keys [-t PANE] [--literal] KEY…

  Each argument is a key name or text. Key names: Enter, Escape, Tab, BTab, BSpace, Space,
  Up, Down, Left, Right, Home, End, PageUp, PageDown, Insert, Delete, F1…F12, C-x (Ctrl),
  M-x (Alt), C-M-x. Anything that is not a key name is typed as text.
  --literal (-l) types every argument as text, even words like "Enter".
  The keys are queued for the pane and written as its program reads them: the command returns at
  once, and a program that does not read its input stalls only its own pane.
  Example: tessera send-keys -t 2 'make test' Enter`,
  flags: [targetPaneFlag, { name: 'literal', short: 'l' }],
  maxPositionals: 1000,
  fromCli(args) {
    if (args.positionals.length === 0) throw new UsageError('send-keys needs at least one key');
    return { pane: paneTargetFlag(args), keys: args.positionals, literal: boolFlag(args, 'literal') };
  },
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane), keys: strArray(fields.keys, 'keys', 10_000), literal: optBool(fields.literal, 'literal') ?? false }),
});
