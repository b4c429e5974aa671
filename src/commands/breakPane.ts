// tessera break-pane: a running pane moves into a new workspace of its own.

import { UsageError, stringFlag } from './argParser.js';
import { InvalidInput, optStr } from '../protocol/validate.js';
import { checkWorkspaceName } from '../store/workspaceName.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface BreakPaneArgs {
  pane?: string;
  /** The new workspace's name; default: one made from the pane (its title, agent or program). */
  name?: string;
}

export interface BreakPaneResult {
  pane: number;
  from: string;
  workspace: string;
}

export const breakPane = defineCommand<BreakPaneArgs, BreakPaneResult>({
  name: 'break-pane',
  summary: 'move a running pane into a new workspace of its own',
  usage: `tessera break-pane [-t PANE] [-n NAME]

  The pane -t (default: the pane you typed this in, else the focused one) leaves its workspace for
  a new one named NAME (default: a free name made from its title, agent or program). Its program
  keeps running (same process, screen and scrollback). The new workspace uses the same folder (as
  an adopted folder: removing it later deletes no files), shell and permission choice. A workspace's
  only pane cannot be broken away. Its variables do not change: the program still sees the
  TESSERA_WORKSPACE it started with. Prints the new workspace's name.`,
  flags: [targetPaneFlag, { name: 'name', short: 'n', value: true, valueHint: 'the new workspace' }],
  fromCli(args) {
    const name = stringFlag(args, 'name');
    const problem = name === undefined ? undefined : checkWorkspaceName(name);
    if (problem) throw new UsageError(problem);
    return { pane: paneTargetFlag(args), name };
  },
  parse(fields) {
    const name = optStr(fields.name, 'name', 64);
    const problem = name === undefined ? undefined : checkWorkspaceName(name);
    if (problem) throw new InvalidInput(problem);
    return { pane: parsePaneTarget(fields.pane), name };
  },
  print: (result, _args, out) => out.out(`${result.workspace}\n`),
});
