// tessera land: bring a workspace's branch into its base (merge, squash or rebase), after a
// preflight; or rebase the workspace onto its base in its own folder (--rebase-workspace).

import { UsageError, boolFlag, stringFlag, type FlagSpec } from './argParser.js';
import { formatLandPreflight } from './landPreflightText.js';
import { LAND_MODES, type LandMode } from '../git/landCommit.js';
import type { LandPreflight } from '../git/landRules.js';
import { InvalidInput, oneOf, optBool, optStr, str } from '../protocol/validate.js';
import { terminalJson } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { jsonFlag } from './targets.js';

/** Longest --message accepted (a commit message, not a file). */
const MAX_MESSAGE_CHARS = 16_384;

export interface LandArgs {
  workspace: string;
  mode: LandMode;
  into?: string;
  message?: string;
  commit: boolean;
  rebaseWorkspace: boolean;
  yes: boolean;
}

export interface LandResult {
  preflight: LandPreflight;
  done: boolean;
  /** What was done or why not; absent when only the preflight was asked for. */
  message?: string;
}

export const workspaceTargetFlag: FlagSpec = { name: 'target', short: 't', value: true, valueHint: 'a workspace name' };

export const land = defineCommand<LandArgs, LandResult>({
  name: 'land',
  summary: "bring a workspace's branch into its base (merge, squash or rebase; shows a preflight first)",
  usage: `tessera land -t WORKSPACE [--merge | --squash | --rebase] [--into BRANCH] [--message TEXT]
             [--commit] [--yes] [--json]
tessera land -t WORKSPACE --rebase-workspace [--into BRANCH] [--yes] [--json]

  Brings the branch checked out in the workspace into its base branch (the one it was made from),
  or into BRANCH. First a preflight: the commits that would land, uncommitted changes in the
  workspace, the files that would conflict with the base (worked out by git in its object store:
  no folder or index is touched), and the folder that has the base checked out, if one does.
  Without --yes it stops there. It refuses (and changes nothing) when the workspace has
  uncommitted changes (unless --commit), when nothing would land, and when the landing conflicts:
  then it names the conflicting files.

  --merge     (default) a merge commit on the base, whose parents are the base and the branch
  --squash    one commit on the base with all of the branch's changes (message: --message)
  --rebase    the branch's commits replayed on the base, one by one (a fast-forward when the
              base has not moved); a branch with merge commits needs --merge or --squash
  --commit    commit the workspace's changes first (git add -A), with --message TEXT
  --rebase-workspace
              instead of landing, rebase the workspace's branch onto the base in the workspace's
              own folder (git rebase), so that its agent can resolve the conflicts there

  Nothing is ever half done: the new commit is built without a checkout, then the base branch
  moves in one step, only if it is still where the preflight saw it. A folder that has the base
  checked out is updated with it only when it has no changes of its own; otherwise its files are
  left as they are and the answer says how to update them. A killed server leaves the base as it
  was or fully landed. A clone's base moves in the clone: push it from there.
  --json prints the preflight as data: { action, workspace, kind, path, mode, branch, into,
  intoFrom, intoHead, head, commits, dirty, untracked, unpushed, stashes, conflicts, conflictAt,
  baseCheckout: { path, dirty } | null, unreadable, runningPanes, blocked, warnings, done, message }.`,
  flags: [workspaceTargetFlag, { name: 'merge' }, { name: 'squash' }, { name: 'rebase' }, { name: 'into', value: true }, { name: 'message', short: 'm', value: true }, { name: 'commit' }, { name: 'rebase-workspace' }, { name: 'yes', short: 'y' }, jsonFlag],
  server: 'start',
  fromCli(args) {
    const workspace = stringFlag(args, 'target');
    if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
    const modes = LAND_MODES.filter((m) => boolFlag(args, m));
    if (modes.length > 1) throw new UsageError(`choose one of --merge, --squash or --rebase (not ${modes.map((m) => `--${m}`).join(' and ')})`);
    const rebaseWorkspace = boolFlag(args, 'rebase-workspace');
    if (rebaseWorkspace && (modes.length > 0 || boolFlag(args, 'commit'))) throw new UsageError('--rebase-workspace rebases the workspace; it takes no --merge, --squash, --rebase or --commit');
    const message = stringFlag(args, 'message');
    if (boolFlag(args, 'commit') && message === undefined) throw new UsageError('--commit needs --message TEXT (the commit message)');
    return { workspace, mode: modes[0] ?? 'merge', into: stringFlag(args, 'into'), message, commit: boolFlag(args, 'commit'), rebaseWorkspace, yes: boolFlag(args, 'yes') };
  },
  parse(fields) {
    const commit = optBool(fields.commit, 'commit') ?? false;
    const message = optStr(fields.message, 'message', MAX_MESSAGE_CHARS);
    if (message !== undefined && message.trim().length === 0) throw new InvalidInput('message is empty');
    if (commit && message === undefined) throw new InvalidInput('commit needs a message');
    return {
      workspace: str(fields.workspace, 'workspace', 64),
      mode: fields.mode === undefined ? 'merge' : oneOf(fields.mode, 'mode', LAND_MODES),
      into: optStr(fields.into, 'into', 255),
      message,
      commit,
      rebaseWorkspace: optBool(fields.rebaseWorkspace, 'rebaseWorkspace') ?? false,
      yes: optBool(fields.yes, 'yes') ?? false,
    };
  },
  print(result, args, output) {
    if (boolFlag(args, 'json')) output.out(`${terminalJson({ ...result.preflight, done: result.done, message: result.message ?? null }, 2)}\n`);
    // A refusal of --yes goes to stderr: the preflight leaves its reasons out rather than print them twice.
    else output.out(formatLandPreflight(result.preflight, result.message === undefined));
    if (result.done) {
      if (!boolFlag(args, 'json')) output.out(`${result.message ?? ''}\n`);
      return 0;
    }
    if (result.message !== undefined) {
      output.err(`tessera: ${result.message}\n`);
      return 1;
    }
    if (!boolFlag(args, 'json')) output.out(`nothing landed yet: run again with --yes to go ahead${result.preflight.blocked.length > 0 ? ' (once what is blocked above is fixed)' : ''}\n`);
    return 1;
  },
});
