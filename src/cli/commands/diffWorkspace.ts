// tessera diff: what a workspace changed, untracked files included.

import { boolFlag, stringFlag } from '../argParser.js';
import { controlCommand } from '../controlCommand.js';

export const diffWorkspace = controlCommand({
  name: 'diff',
  usage: `tessera diff [-t WORKSPACE] [--stat]

  Prints the workspace's changes against its last commit, new (untracked) files included, as a
  patch (with --stat: one line per file). Default workspace: the one you are in (the pane's, else
  the one whose folder holds the current directory). Inside tessera, prefix G shows it coloured in
  a viewer pane.`,
  flags: [
    { name: 'target', short: 't', value: true },
    { name: 'stat' },
  ],
  toArgs: (args) => ({ workspace: stringFlag(args, 'target'), stat: boolFlag(args, 'stat'), color: process.stdout.isTTY === true }),
  print: (result, _args, ctx) => {
    ctx.out((result as { text: string }).text);
  },
});
