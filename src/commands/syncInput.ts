// tessera sync: mark panes for synchronized input (typing goes to every marked pane).

import { UsageError, boolFlag } from './argParser.js';
import { oneOf } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { jsonFlag, paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';
import { terminalJson } from '../term/visibleText.js';

const FLAGS = ['on', 'off', 'all', 'none', 'show'] as const;
const CHANGES = [...FLAGS, 'toggle'] as const;

export interface SyncArgs {
  pane?: string;
  change: (typeof CHANGES)[number];
}

export interface SyncResult {
  workspace: string;
  /** The marked panes of the workspace afterwards. */
  synced: number[];
}

export const syncInput = defineCommand<SyncArgs, SyncResult>({
  name: 'sync',
  aliases: ['synchronize-panes'],
  summary: 'type into several panes at once (mark panes for synchronized input)',
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
  flags: [targetPaneFlag, ...FLAGS.map((name) => ({ name })), jsonFlag],
  fromCli(args) {
    const given = FLAGS.filter((c) => boolFlag(args, c));
    if (given.length > 1) throw new UsageError(`sync takes one of --${FLAGS.join(', --')}, not ${given.map((g) => `--${g}`).join(' and ')}`);
    return { pane: paneTargetFlag(args), change: given[0] ?? 'toggle' };
  },
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane), change: oneOf(fields.change, 'change', CHANGES) }),
  print(result, args, output) {
    if (boolFlag(args, 'json')) output.out(`${terminalJson(result)}\n`);
    else if (result.synced.length === 0) output.out(`synchronized input is off in workspace ${result.workspace}\n`);
    else output.out(`synchronized input in workspace ${result.workspace}: panes ${result.synced.join(', ')}\n`);
  },
});
