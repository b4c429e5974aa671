// tessera rename: give a workspace another name (its folder stays; its branch too unless asked).

import { UsageError, stringFlag } from './argParser.js';
import { InvalidInput, optStr, str } from '../protocol/validate.js';
import { checkWorkspaceName } from '../store/workspaceName.js';
import { visibleText } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { workspaceTargetFlag } from './land.js';

export interface RenameWorkspaceArgs {
  /** Default: the workspace of the pane the command was typed in. */
  workspace?: string;
  name: string;
  /** The worktree's or clone's checked-out branch gets this name too (git branch -m). */
  branch?: string;
}

export interface RenameWorkspaceResult {
  from: string;
  to: string;
  /** The branch's new name when --branch renamed it. */
  branch?: string;
}

export const renameWorkspace = defineCommand<RenameWorkspaceArgs, RenameWorkspaceResult>({
  name: 'rename',
  aliases: ['rename-workspace', 'rename-session'],
  summary: 'give a workspace another name (its folder and branch stay)',
  usage: `tessera rename [-t WORKSPACE] NEW-NAME [--branch BRANCH]

  The workspace (default: the one you typed this in) is called NEW-NAME from now on, open or
  dormant: in the strip, ls, -t and its record. Its folder is not moved, and the branch checked
  out in it is not renamed unless --branch BRANCH asks for it (git branch -m). Panes started from
  now on get TESSERA_WORKSPACE=NEW-NAME; programs already running keep the old value. A workspace's
  own app (tessera up) keeps running under the new name.`,
  flags: [workspaceTargetFlag, { name: 'branch', value: true, valueHint: 'a branch name' }],
  maxPositionals: 1,
  server: 'start',
  fromCli(args) {
    const name = args.positionals[0];
    if (name === undefined) throw new UsageError('rename needs the NEW-NAME');
    const problem = checkWorkspaceName(name);
    if (problem) throw new UsageError(problem);
    return { workspace: stringFlag(args, 'target'), name, branch: stringFlag(args, 'branch') };
  },
  parse(fields) {
    const name = str(fields.name, 'name', 64);
    const problem = checkWorkspaceName(name);
    if (problem) throw new InvalidInput(problem);
    return { workspace: optStr(fields.workspace, 'workspace', 64), name, branch: optStr(fields.branch, 'branch', 255) };
  },
  print: (result, _args, out) =>
    out.out(`workspace ${result.from} is now ${result.to}${result.branch === undefined ? '' : `; its branch is ${visibleText(result.branch)}`}\n`),
});
