// tessera attach: show a workspace in this terminal.

import { stringFlag } from '../../commands/argParser.js';
import { attachTerminal } from '../attachFlow.js';
import type { CliCommand } from '../command.js';

export const attach: CliCommand = {
  name: 'attach',
  aliases: ['a', 'attach-session'],
  usage: `tessera attach [-t WORKSPACE | -t HOST:NAME]

  Shows the workspace (default: the most recently used one) in this terminal. A dormant workspace
  (after a restart, or emptied) starts its panes again: same layout, each in its last folder.
  Detach again with the prefix key then d; everything keeps running.
  -t HOST:NAME shows workspace NAME of a host of the hosts setting, as 'tessera -H HOST attach -t
  NAME' does ('tessera help remote'); the switcher (prefix, then g) opens one from an attached view.`,
  flags: [{ name: 'target', short: 't', value: true }],
  run: (args, ctx) => attachTerminal(ctx, { workspace: stringFlag(args, 'target'), startServer: true }),
};
