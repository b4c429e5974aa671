// tessera rm / tessera reset: show what would be lost, and act only when told to (--yes) and safe.

import { REFLOG_WINDOW_DAYS, type EndAction } from '../../git/endGuards.js';
import { preflightData } from '../../git/preflightData.js';
import type { Preflight } from '../../server/records/removal.js';
import { UsageError, boolFlag, stringFlag } from '../../commands/argParser.js';
import type { CliContext } from '../command.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';
import { formatPreflight } from '../preflightText.js';
import { terminalJson, visibleText } from '../../term/visibleText.js';

const flags = [{ name: 'target', short: 't', value: true }, { name: 'yes', short: 'y' }, { name: 'force' }, { name: 'discard-changes' }, { name: 'discard-ignored' }, jsonFlag];

type CliArgs = Parameters<Parameters<typeof controlCommand>[0]['toArgs']>[0];

function toArgs(args: CliArgs) {
  const workspace = stringFlag(args, 'target');
  if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
  return { workspace, yes: boolFlag(args, 'yes'), force: boolFlag(args, 'force'), discardChanges: boolFlag(args, 'discard-changes'), discardIgnored: boolFlag(args, 'discard-ignored') };
}

/** rm also takes --merged (every merged workspace that would lose nothing), without -t or permissions. */
function removeArgs(args: CliArgs) {
  if (!boolFlag(args, 'merged')) return toArgs(args);
  if (stringFlag(args, 'target') !== undefined) throw new UsageError('rm --merged removes every merged workspace; leave out -t');
  if (boolFlag(args, 'force') || boolFlag(args, 'discard-changes') || boolFlag(args, 'discard-ignored')) throw new UsageError('rm --merged removes only what would lose nothing: give permissions to one workspace at a time with -t');
  return { merged: true, yes: boolFlag(args, 'yes') };
}

interface EndAnswer {
  preflight: Preflight;
  blocked: string[];
  warnings: string[];
  done: boolean;
  message?: string;
  stopped: boolean;
}

function print(result: unknown, json: boolean, ctx: CliContext, action: EndAction): number {
  if (typeof result === 'object' && result !== null && 'merged' in result) return printMerged((result as { merged: EndAnswer[] }).merged, json, ctx);
  const answer = result as EndAnswer;
  const verb = action === 'rm' ? 'removed' : 'reset';
  if (json) ctx.out(`${terminalJson({ ...preflightData(action, answer.preflight, answer.blocked, answer.warnings), done: answer.done, message: answer.message ?? null }, 2)}\n`);
  // A refusal of --yes goes to stderr: the preflight above it leaves its reasons out rather than print them twice.
  else ctx.out(formatPreflight(answer.preflight, answer.message === undefined ? answer.blocked : [], answer.warnings));
  if (answer.done) {
    if (!json) ctx.out(`${answer.message ?? ''}\n`);
    return 0;
  }
  if (answer.message !== undefined) {
    ctx.err(`tessera: ${answer.message}\n`);
    return 1;
  }
  if (!json) ctx.out(`nothing ${verb} yet: run again with --yes to go ahead${answer.blocked.length > 0 ? ' (and what is blocked above allowed or fixed)' : ''}\n`);
  return 1;
}

/** rm --merged: each merged workspace's preflight, and whether it was removed or kept (and why). */
function printMerged(answers: EndAnswer[], json: boolean, ctx: CliContext): number {
  const yes = answers.some((a) => a.done || a.message !== undefined);
  if (json) {
    ctx.out(`${terminalJson(answers.map((a) => ({ ...preflightData('rm', a.preflight, a.blocked, a.warnings), done: a.done, message: a.message ?? null })), 2)}\n`);
    return answers.length > 0 && !yes ? 1 : 0;
  }
  if (answers.length === 0) {
    ctx.out('no merged workspaces\n');
    return 0;
  }
  for (const a of answers) {
    ctx.out(formatPreflight(a.preflight, a.message === undefined ? a.blocked : [], a.warnings));
    if (a.message !== undefined) ctx.out(`${visibleText(a.message)}\n`);
  }
  if (!yes) {
    ctx.out(`nothing removed yet: run again with --yes to remove the ${answers.filter((a) => a.blocked.length === 0).length} merged workspace(s) above that would lose nothing\n`);
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

export const removeWorkspace = controlCommand({
  name: 'rm',
  startServer: true,
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
  toArgs: removeArgs,
  print: (result, args, ctx) => print(result, boolFlag(args, 'json'), ctx, 'rm'),
});

export const resetWorkspace = controlCommand({
  name: 'reset',
  startServer: true,
  usage: `tessera reset -t WORKSPACE [--yes] [--force] [--discard-changes] [--json]

  Puts a managed worktree back to its base branch: the branch checked out now, which must be the
  workspace's own (refused otherwise, saying which is checked out), is reset hard to the base and
  untracked files are cleaned; ignored files such as node_modules are kept. Same preflight, order
  (panes stopped, then git asked again) and guards as rm.

${PERMISSIONS}`,
  flags,
  toArgs,
  print: (result, args, ctx) => print(result, boolFlag(args, 'json'), ctx, 'reset'),
});
