// tessera capture-pane: what a pane shows right now, as text.

import { boolFlag } from '../argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const capturePane = controlCommand({
  name: 'capture-pane',
  usage: `tessera capture-pane [-t PANE] [--ansi]

  Prints the pane's visible screen, one line per row (trailing blanks removed).
  --ansi keeps colors and attributes as SGR escape sequences.`,
  flags: [targetPaneFlag, { name: 'ansi', short: 'e' }],
  toArgs: (args) => ({ pane: targetArg(args), ansi: boolFlag(args, 'ansi') }),
  print: (result, _args, ctx) => ctx.out(String(result)),
});
