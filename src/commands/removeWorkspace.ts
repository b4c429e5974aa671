// tessera rm / tessera reset: show what would be lost, and act only when told to (--yes) and safe.

import { REFLOG_WINDOW_DAYS, type EndAction, type Preflight } from '../git/endGuards.js';
import { preflightData } from '../git/preflightData.js';
import { InvalidInput, optBool, record, str, type Fields } from '../protocol/validate.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { UsageError, boolFlag, stringFlag, type FlagSpec, type ParsedArgs } from './argParser.js';
import { defineCommand, type CommandOutput } from './contract.js';
import { formatPreflight } from './preflightText.js';
import { jsonFlag } from './targets.js';

/** The losses the user allows, each only for what it names. */
export interface EndPermissions {
  force: boolean;
  discardChanges: boolean;
  discardIgnored: boolean;
}

export interface EndArgs extends EndPermissions {
  workspace: string;
  /** Go ahead (without it, only the preflight is answered and nothing is stopped). */
  yes: boolean;
  /** The preflight the user saw: going ahead is refused when it changed since. */
  expect?: Preflight;
}

/** rm --merged: every merged workspace that would lose nothing. */
export interface MergedArgs {
  merged: true;
  yes: boolean;
}

export interface EndAnswer {
  /** The newest preflight: taken after the panes stopped, when they were. */
  preflight: Preflight;
  /** Why it was not done (empty when done). */
  blocked: string[];
  warnings: string[];
  done: boolean;
  /** What was done, or why not. */
  message?: string;
  /** The workspace's panes were stopped (it is dormant now), done or not. */
  stopped: boolean;
}

export type RemoveArgs = EndArgs | MergedArgs;
export type RemoveResult = EndAnswer | { merged: EndAnswer[] };

const flags: FlagSpec[] = [{ name: 'target', short: 't', value: true }, { name: 'yes', short: 'y' }, { name: 'force' }, { name: 'discard-changes' }, { name: 'discard-ignored' }, jsonFlag];

function endArgs(args: ParsedArgs): EndArgs {
  const workspace = stringFlag(args, 'target');
  if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
  return { workspace, yes: boolFlag(args, 'yes'), force: boolFlag(args, 'force'), discardChanges: boolFlag(args, 'discard-changes'), discardIgnored: boolFlag(args, 'discard-ignored') };
}

/** rm also takes --merged (every merged workspace that would lose nothing), without -t or permissions. */
function removeArgs(args: ParsedArgs): RemoveArgs {
  if (!boolFlag(args, 'merged')) return endArgs(args);
  if (stringFlag(args, 'target') !== undefined) throw new UsageError('rm --merged removes every merged workspace; leave out -t');
  if (boolFlag(args, 'force') || boolFlag(args, 'discard-changes') || boolFlag(args, 'discard-ignored')) throw new UsageError('rm --merged removes only what would lose nothing: give permissions to one workspace at a time with -t');
  return { merged: true, yes: boolFlag(args, 'yes') };
}

function parseEnd(fields: Fields): EndArgs {
  return {
    workspace: str(fields.workspace, 'workspace', 64),
    yes: optBool(fields.yes, 'yes') ?? false,
    force: optBool(fields.force, 'force') ?? false,
    discardChanges: optBool(fields.discardChanges, 'discardChanges') ?? false,
    discardIgnored: optBool(fields.discardIgnored, 'discardIgnored') ?? false,
    // Compared field by field with the preflight taken now (src/server/records/removal.ts); any difference refuses.
    ...(fields.expect === undefined ? {} : { expect: record(fields.expect, 'expect') as unknown as Preflight }),
  };
}

function parseRemove(fields: Fields): RemoveArgs {
  if (!(optBool(fields.merged, 'merged') ?? false)) return parseEnd(fields);
  const permissions = [optBool(fields.force, 'force'), optBool(fields.discardChanges, 'discardChanges'), optBool(fields.discardIgnored, 'discardIgnored')];
  if (permissions.includes(true)) throw new InvalidInput('rm --merged removes only what would lose nothing: it takes no permission');
  return { merged: true, yes: optBool(fields.yes, 'yes') ?? false };
}

function printEnd(result: RemoveResult, json: boolean, output: CommandOutput, action: EndAction): number {
  if ('merged' in result) return printMerged(result.merged, json, output);
  const verb = action === 'rm' ? 'removed' : 'reset';
  if (json) output.out(`${terminalJson({ ...preflightData(action, result.preflight, result.blocked, result.warnings), done: result.done, message: result.message ?? null }, 2)}\n`);
  // A refusal of --yes goes to stderr: the preflight above it leaves its reasons out rather than print them twice.
  else output.out(formatPreflight(result.preflight, result.message === undefined ? result.blocked : [], result.warnings));
  if (result.done) {
    if (!json) output.out(`${result.message ?? ''}\n`);
    return 0;
  }
  if (result.message !== undefined) {
    output.err(`tessera: ${result.message}\n`);
    return 1;
  }
  if (!json) output.out(`nothing ${verb} yet: run again with --yes to go ahead${result.blocked.length > 0 ? ' (and what is blocked above allowed or fixed)' : ''}\n`);
  return 1;
}

/** rm --merged: each merged workspace's preflight, and whether it was removed or kept (and why). */
function printMerged(answers: EndAnswer[], json: boolean, output: CommandOutput): number {
  const yes = answers.some((a) => a.done || a.message !== undefined);
  if (json) {
    output.out(`${terminalJson(answers.map((a) => ({ ...preflightData('rm', a.preflight, a.blocked, a.warnings), done: a.done, message: a.message ?? null })), 2)}\n`);
    return answers.length > 0 && !yes ? 1 : 0;
  }
  if (answers.length === 0) {
    output.out('no merged workspaces\n');
    return 0;
  }
  for (const a of answers) {
    output.out(formatPreflight(a.preflight, a.message === undefined ? a.blocked : [], a.warnings));
    if (a.message !== undefined) output.out(`${visibleText(a.message)}\n`);
  }
  if (!yes) {
    output.out(`nothing removed yet: run again with --yes to remove the ${answers.filter((a) => a.blocked.length === 0).length} merged workspace(s) above that would lose nothing\n`);
    return 1;
  }
  return 0;
}

const PERMISSIONS = `  Permissions (each only for what it names; none implies another):
    --force             unpushed commits (on any branch or tag of a clone, or a worktree's
                        HEAD), commits only a reflog of the last ${REFLOG_WINDOW_DAYS} days still reaches, stashes
    --discard-changes   changed and untracked files, and a folder git cannot read
    --discard-ignored   ignored files (.env, a local database, node_modules/) that deleting the
                        folder takes (reset keeps them)
  --json prints the preflight as data: { action, workspace, kind, path, branch, checkedOut, base,
  head, dirty, untracked, ignored, conflicts, unpushed, unpushedRefs, reflogOnly, stashes,
  noRemote, unreadable, runningPanes, blocked, warnings, done, message }.`;

export const removeWorkspace = defineCommand<RemoveArgs, RemoveResult>({
  name: 'rm',
  summary: 'remove a workspace (shows what would be lost first)',
  // It acts on dormant workspaces too, which only a server changes.
  server: 'start',
  usage: `tessera rm -t WORKSPACE [--yes] [--force] [--discard-changes] [--discard-ignored] [--json]
tessera rm --merged [--yes] [--json]

  Shows what removing the workspace would lose (head, changed, untracked and ignored files,
  unpushed commits and where they are, commits only in the reflog, stashes, running panes); with
  --yes, removes it. An adopted folder is only forgotten (its files are never touched). A worktree
  or clone folder is deleted only when nothing would be lost, or you allowed each loss. With --yes
  the running panes are stopped first (their whole process groups), then git is asked again: what
  they wrote as they ended is checked too. A folder outside the workspace root, one that holds
  another workspace's folder, or a worktree its repository does not list is never deleted.
  Inside tessera, "remove-workspace" in the command palette does the same with a confirmation.
  --merged    every worktree and clone workspace whose branch is merged into its base (as ls
              shows "merged"), each with its own preflight and the same guards; with --yes, those
              that would lose nothing are removed and the others kept, saying why (no permission
              flag applies: remove those one at a time with -t).

${PERMISSIONS}`,
  flags: [...flags, { name: 'merged' }],
  fromCli: removeArgs,
  parse: parseRemove,
  print: (result, args, output) => printEnd(result, boolFlag(args, 'json'), output, 'rm'),
});

export const resetWorkspace = defineCommand<EndArgs, EndAnswer>({
  name: 'reset',
  summary: 'put a worktree workspace back to its base branch (shows what would be lost first)',
  server: 'start',
  usage: `tessera reset -t WORKSPACE [--yes] [--force] [--discard-changes] [--json]

  Puts a managed worktree back to its base branch: the branch checked out now, which must be the
  workspace's own (refused otherwise, saying which is checked out), is reset hard to the base and
  untracked files are cleaned; ignored files such as node_modules are kept. Same preflight, order
  (panes stopped, then git asked again) and guards as rm.

${PERMISSIONS}`,
  flags,
  fromCli: endArgs,
  parse: parseEnd,
  print: (result, args, output) => printEnd(result, boolFlag(args, 'json'), output, 'reset'),
});
