// tessera send-keys: type into a pane as if from the keyboard.

import { UsageError, boolFlag } from '../argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const sendKeys = controlCommand({
  name: 'send-keys',
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
  toArgs(args) {
    if (args.positionals.length === 0) throw new UsageError('send-keys needs at least one key');
    return { pane: targetArg(args), keys: args.positionals, literal: boolFlag(args, 'literal') };
  },
});
