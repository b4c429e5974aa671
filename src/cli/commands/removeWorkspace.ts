// tessera rm / tessera reset: show what would be lost, and act only when told to (--yes) and safe.

import { REFLOG_WINDOW_DAYS, type EndAction } from '../../git/endGuards.js';
import { preflightData } from '../../git/preflightData.js';
import type { Preflight } from '../../server/records/removal.js';
import { UsageError, boolFlag, stringFlag } from '../argParser.js';
import type { CliContext } from '../command.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';
import { formatPreflight } from '../preflightText.js';

const flags = [{ name: 'target', short: 't', value: true }, { name: 'yes', short: 'y' }, { name: 'force' }, { name: 'discard-changes' }, { name: 'discard-ignored' }, jsonFlag];

function toArgs(args: Parameters<Parameters<typeof controlCommand>[0]['toArgs']>[0]) {
  const workspace = stringFlag(args, 'target');
  if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
  return { workspace, yes: boolFlag(args, 'yes'), force: boolFlag(args, 'force'), discardChanges: boolFlag(args, 'discard-changes'), discardIgnored: boolFlag(args, 'discard-ignored') };
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
  const answer = result as EndAnswer;
  const verb = action === 'rm' ? 'removed' : 'reset';
  if (json) ctx.out(`${JSON.stringify({ ...preflightData(action, answer.preflight, answer.blocked, answer.warnings), done: answer.done, message: answer.message ?? null }, null, 2)}\n`);
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
  usage: `tessera rm -t WORKSPACE [--yes] [--force] [--discard-changes] [--discard-ignored] [--json]

  Shows what removing the workspace would lose (head, changed, untracked and ignored files,
  unpushed commits and where they are, commits only in the reflog, stashes, running panes); with
  --yes, removes it. An adopted folder is only forgotten (its files are never touched). A worktree
  or clone folder is deleted only when nothing would be lost, or you allowed each loss. With --yes
  the running panes are stopped first (their whole process groups), then git is asked again: what
  they wrote as they ended is checked too. A folder outside the workspace root, one that holds
  another workspace's folder, or a worktree its repository does not list is never deleted.
  Inside tessera, "remove-workspace" in the command palette does the same with a confirmation.

${PERMISSIONS}`,
  flags,
  toArgs,
  print: (result, args, ctx) => print(result, boolFlag(args, 'json'), ctx, 'rm'),
});

export const resetWorkspace = controlCommand({
  name: 'reset',
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
