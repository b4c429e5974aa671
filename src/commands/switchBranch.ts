// tessera switch: check out another branch in a workspace's folder (open or dormant), or make one.

import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { optBool, str } from '../protocol/validate.js';
import { visibleText } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { workspaceTargetFlag } from './land.js';

/** Longest branch name accepted (git's own limit is the file system's; 255 is a file name's). */
const MAX_BRANCH_CHARS = 255;

export interface SwitchArgs {
  workspace: string;
  branch: string;
  create: boolean;
}

export interface SwitchResult {
  workspace: string;
  branch: string;
  /** The branch it had before; null when its HEAD was detached. */
  previous: string | null;
  created: boolean;
}

export const switchBranch = defineCommand<SwitchArgs, SwitchResult>({
  name: 'switch',
  summary: "check out another branch in a workspace's folder (-c makes it)",
  usage: `tessera switch -t WORKSPACE BRANCH [-c]

  Checks out BRANCH in the workspace's folder with git switch, whether the workspace is open or
  dormant; ls then shows the new branch, and land, reset and push use it. -c makes BRANCH first,
  off the commit checked out now. What git refuses is refused with git's own message, and nothing
  changes: uncommitted changes that the checkout would overwrite (commit or stash them first), a
  branch that does not exist (without -c) or exists already (with -c). A branch checked out in
  another worktree is refused with the folder that holds it (and its workspace, if it is one):
  git allows one worktree per branch. Panes keep running; what runs in them sees the new files.`,
  flags: [workspaceTargetFlag, { name: 'create', short: 'c' }],
  maxPositionals: 1,
  fromCli(args) {
    const workspace = stringFlag(args, 'target');
    if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
    // After `--` too, for a name that starts with '-' (refused, but with the reason).
    const branch = args.positionals[0] ?? (args.rest?.length === 1 ? args.rest[0] : undefined);
    if (branch === undefined) throw new UsageError('give the branch to switch to: tessera switch -t NAME BRANCH [-c]');
    return { workspace, branch, create: boolFlag(args, 'create') };
  },
  parse: (fields) => ({ workspace: str(fields.workspace, 'workspace', 64), branch: str(fields.branch, 'branch', MAX_BRANCH_CHARS), create: optBool(fields.create, 'create') ?? false }),
  print(result, _args, output) {
    const from = result.previous === null ? 'a detached HEAD' : visibleText(result.previous);
    output.out(`${result.workspace}: switched from ${from} to ${result.created ? 'the new branch ' : ''}${visibleText(result.branch)}\n`);
  },
});
