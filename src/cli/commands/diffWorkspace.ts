// tessera diff: what a workspace changed, untracked files included.

import { boolFlag, stringFlag } from '../argParser.js';
import { controlCommand } from '../controlCommand.js';
import { diffOutput } from '../diffOutput.js';

export const diffWorkspace = controlCommand({
  name: 'diff',
  usage: `tessera diff [-t WORKSPACE] [--stat]

  Prints the workspace's changes against its last commit, new (untracked) files included, as a
  patch (with --stat: one line per file); control characters in names and contents are shown as
  marks (^[ for ESC, <U+009B> for C1), and on a terminal tessera colours it. Default workspace: the
  one you are in (the pane's, else the one whose folder holds the current directory). Inside
  tessera, prefix G shows it coloured in a viewer pane.`,
  flags: [
    { name: 'target', short: 't', value: true },
    { name: 'stat' },
  ],
  toArgs: (args) => ({ workspace: stringFlag(args, 'target'), stat: boolFlag(args, 'stat') }),
  print: (result, args, ctx) => {
    // Escaped and coloured here (diffOutput), so it goes out as it is.
    ctx.outRaw(diffOutput((result as { text: string }).text, { stat: boolFlag(args, 'stat'), color: process.stdout.isTTY === true }));
  },
});
