// tessera sync: type into several panes at once.

import { UsageError, boolFlag } from '../argParser.js';
import { controlCommand, jsonFlag, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';
import { terminalJson } from '../../term/visibleText.js';

const CHANGES = ['on', 'off', 'all', 'none', 'show'] as const;

export const syncInput = controlCommand({
  name: 'sync',
  aliases: ['synchronize-panes'],
  usage: `tessera sync [-t PANE] [--on | --off | --all | --none | --show] [--json]

  Synchronized input: what you type into a marked pane goes to every marked pane of its workspace
  (each gets the keys encoded the way its own program asked for), e.g. to give one prompt to
  several agents. Marked panes show SYNC on their header. Typing into a pane that is not marked
  goes to that pane only.

  Without a flag, marks the pane if it is not marked and unmarks it if it is.
    --on / --off   mark / unmark the pane
    --all / --none mark every pane of the pane's workspace / unmark them all
    --show         change nothing
  Prints the marked panes of the workspace afterwards.`,
  flags: [targetPaneFlag, ...CHANGES.map((name) => ({ name })), jsonFlag],
  toArgs(args) {
    const given = CHANGES.filter((c) => boolFlag(args, c));
    if (given.length > 1) throw new UsageError(`sync takes one of --${CHANGES.join(', --')}, not ${given.map((g) => `--${g}`).join(' and ')}`);
    return { pane: targetArg(args), change: given[0] ?? 'toggle' };
  },
  print(result, args, ctx) {
    const { workspace, synced } = result as { workspace: string; synced: number[] };
    if (boolFlag(args, 'json')) ctx.out(`${terminalJson({ workspace, synced })}\n`);
    else if (synced.length === 0) ctx.out(`synchronized input is off in workspace ${workspace}\n`);
    else ctx.out(`synchronized input in workspace ${workspace}: panes ${synced.join(', ')}\n`);
  },
});
