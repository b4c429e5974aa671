// tessera move-pane (tmux's join-pane): a running pane moves next to another pane, in its own
// workspace or another one.

import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { InvalidInput, oneOf } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, readPaneTarget, targetPaneFlag } from './targets.js';

export interface MovePaneArgs {
  /** The pane that moves (default: the one typed in, else the focused one). */
  source?: string;
  /** The pane it goes next to. */
  pane: string;
  side: 'right' | 'down';
}

export interface MovePaneResult {
  pane: number;
  from: string;
  to: string;
}

export const movePane = defineCommand<MovePaneArgs, MovePaneResult>({
  name: 'move-pane',
  aliases: ['join-pane'],
  summary: 'move a running pane next to another pane, in its workspace or another one',
  usage: `tessera move-pane [-s PANE] -t PANE [--right|--down]

  The pane -s (default: the pane you typed this in, else the focused one) moves next to the pane
  -t: below it (--down, -v, the default) or to its right (--right, -h). Its program keeps running
  (same process, same screen and scrollback) and it takes the focus. The place it leaves closes as
  when a pane closes; moving the last pane of a workspace leaves that workspace dormant and empty,
  as closing it would. Its variables do not change: a program started in workspace A still sees
  TESSERA_WORKSPACE=A (and A's slot and ports) after moving to B; programs started in it later do too.
  Panes are named by number (3), WORKSPACE (its focused pane), WORKSPACE:INDEX or WORKSPACE:TITLE.`,
  flags: [{ name: 'source', short: 's', value: true, valueHint: 'the pane that moves' }, targetPaneFlag, { name: 'right', short: 'h' }, { name: 'down', short: 'v' }],
  fromCli(args) {
    const pane = paneTargetFlag(args);
    if (pane === undefined) throw new UsageError('move-pane needs -t PANE: the pane to move next to');
    if (boolFlag(args, 'right') && boolFlag(args, 'down')) throw new UsageError('move-pane takes one of --right or --down');
    const source = stringFlag(args, 'source');
    if (source !== undefined && readPaneTarget(source) === undefined) throw new UsageError(`invalid pane '${source}' for -s`);
    return { source, pane, side: boolFlag(args, 'right') ? 'right' : 'down' };
  },
  parse(fields) {
    const pane = parsePaneTarget(fields.pane);
    if (pane === undefined) throw new InvalidInput('pane (the pane to move next to) is required');
    return { source: parsePaneTarget(fields.source, 'source'), pane, side: oneOf(fields.side, 'side', ['right', 'down'] as const) };
  },
  print: (result, _args, out) => out.out(result.from === result.to ? `pane ${result.pane} moved\n` : `pane ${result.pane} moved from ${result.from} to ${result.to}\n`),
});
