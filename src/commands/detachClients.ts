// tessera detach: detach the terminals showing a workspace (their panes keep running).

import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { optBool, optStr } from '../protocol/validate.js';
import { defineCommand } from './contract.js';

export interface DetachArgs {
  /** Detach the terminals showing this workspace. */
  workspace?: string;
  /** Detach every attached terminal. */
  all: boolean;
}

export const detachClients = defineCommand<DetachArgs, { detached: number }>({
  name: 'detach',
  aliases: ['detach-client'],
  summary: 'detach the terminals showing a workspace (everything keeps running)',
  usage: `tessera detach [-s WORKSPACE | -a]

  Detaches every terminal attached to WORKSPACE (default: the workspace of the pane you typed
  this in), or with -a every attached terminal. Nothing stops: 'tessera attach' shows the
  workspace again. The prefix key followed by d detaches the terminal you are in.`,
  flags: [{ name: 'session', short: 's', value: true, valueHint: 'a workspace name' }, { name: 'all', short: 'a' }],
  fromCli(args) {
    const workspace = stringFlag(args, 'session');
    const all = boolFlag(args, 'all');
    if (workspace !== undefined && all) throw new UsageError('use either -s WORKSPACE or -a, not both');
    return { workspace, all };
  },
  parse: (fields) => ({ workspace: optStr(fields.workspace, 'workspace', 256), all: optBool(fields.all, 'all') ?? false }),
  print: (result, _args, out) => out.out(`${result.detached} terminal${result.detached === 1 ? '' : 's'} detached\n`),
});
