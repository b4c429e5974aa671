// tessera swap-pane: two panes of a workspace trade places.

import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { InvalidInput, int } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, readPaneTarget, targetPaneFlag } from './targets.js';

export interface SwapPaneArgs {
  /** The pane that moves (default: the one typed in, else the focused one). */
  source?: string;
  /** The pane it trades places with; or `step`. */
  pane?: string;
  /** Trade places with the pane after (1) or before (-1) it in reading order, wrapping around. */
  step?: 1 | -1;
}

export const swapPane = defineCommand<SwapPaneArgs, { swapped: [number, number] }>({
  name: 'swap-pane',
  summary: "swap two panes of a workspace (each takes the other one's place and size)",
  usage: `tessera swap-pane [-s PANE] (-t PANE | -D | -U)

  The pane -s (default: the pane you typed this in, else the focused one) and the pane -t trade
  places; each keeps running, and the focus stays on the pane that had it. Both must be in the
  same workspace. -D swaps with the next pane (left to right, top to bottom), -U with the one
  before. Panes are named by number (3), WORKSPACE (its focused pane), WORKSPACE:INDEX or WORKSPACE:TITLE.`,
  flags: [
    { name: 'source', short: 's', value: true, valueHint: 'the pane that moves' },
    targetPaneFlag,
    { name: 'down', short: 'D' },
    { name: 'up', short: 'U' },
  ],
  fromCli(args) {
    const pane = paneTargetFlag(args);
    const step = boolFlag(args, 'down') ? 1 : boolFlag(args, 'up') ? -1 : undefined;
    if ([pane !== undefined, boolFlag(args, 'down'), boolFlag(args, 'up')].filter(Boolean).length !== 1) {
      throw new UsageError('swap-pane needs one of -t PANE (the pane to swap with), -D (the next one) or -U (the one before)');
    }
    const source = stringFlag(args, 'source');
    if (source !== undefined && readPaneTarget(source) === undefined) throw new UsageError(`invalid pane '${source}' for -s`);
    return { pane, source, step };
  },
  parse(fields) {
    const step = fields.step === undefined ? undefined : int(fields.step, 'step', -1, 1);
    const pane = parsePaneTarget(fields.pane);
    if ((step === undefined || step === 0) === (pane === undefined)) throw new InvalidInput('give either pane or step (1 or -1)');
    return { source: parsePaneTarget(fields.source, 'source'), pane, step: step === 1 || step === -1 ? step : undefined };
  },
  print: (result, _args, out) => out.out(`pane ${result.swapped[0]} and pane ${result.swapped[1]} swapped places\n`),
});
