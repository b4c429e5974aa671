// tessera rm / tessera reset: show what would be lost, and act only when told to (--yes) and safe.

import type { Preflight } from '../../server/records/removal.js';
import { UsageError, boolFlag, stringFlag } from '../argParser.js';
import type { CliContext } from '../command.js';
import { controlCommand } from '../controlCommand.js';
import { visibleText } from '../../term/visibleText.js';

const flags = [{ name: 'target', short: 't', value: true }, { name: 'yes', short: 'y' }, { name: 'force' }, { name: 'discard-changes' }];

function toArgs(args: Parameters<Parameters<typeof controlCommand>[0]['toArgs']>[0]) {
  const workspace = stringFlag(args, 'target');
  if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
  return { workspace, yes: boolFlag(args, 'yes'), force: boolFlag(args, 'force'), discardChanges: boolFlag(args, 'discard-changes') };
}

function print(result: unknown, ctx: CliContext, verb: string): number {
  const { preflight, done, message } = result as { preflight: Preflight; done: boolean; message?: string };
  ctx.out(formatPreflight(preflight));
  if (done) {
    ctx.out(`${message ?? ''}\n`);
    return 0;
  }
  ctx.out(`nothing ${verb} yet: run again with --yes to go ahead\n`);
  return 1;
}

export function formatPreflight(p: Preflight): string {
  // The folder and the head (its branch and commit subject) come from the repository: controls as marks.
  const lines = [`workspace ${p.name} (${p.kind}) ${visibleText(p.path)}`];
  if (p.git) {
    lines.push(`  head:             ${visibleText(p.git.head)}`);
    lines.push(`  changed files:    ${p.git.dirty}`);
    lines.push(`  untracked files:  ${p.git.untracked}`);
    lines.push(`  unpushed commits: ${p.git.unpushed}${p.git.noRemote ? ' (no remote: nothing here is backed up elsewhere)' : ''}`);
    lines.push(`  stashes:          ${p.git.stashes}`);
  } else {
    lines.push('  not a git repository (or the folder is gone)');
  }
  lines.push(`  running panes:    ${p.runningPanes.length === 0 ? 'none' : `${p.runningPanes.join(', ')} (ended first)`}`);
  return `${lines.join('\n')}\n`;
}

export const removeWorkspace = controlCommand({
  name: 'rm',
  usage: `tessera rm -t WORKSPACE [--yes] [--force] [--discard-changes]

  Shows what removing the workspace would lose (head, changed and untracked files, unpushed
  commits, stashes, running panes); with --yes, removes it. An adopted folder is only forgotten
  (its files are never touched). A worktree or clone folder is deleted only when nothing would be
  lost: unpushed commits or a stash need --force; changed or untracked files are refused even with
  --force unless --discard-changes is given. Running panes are ended first (their whole process
  groups). Inside tessera, "remove-workspace" in the command palette does the same with a confirmation.`,
  flags,
  toArgs,
  print: (result, _args, ctx) => print(result, ctx, 'removed'),
});

export const resetWorkspace = controlCommand({
  name: 'reset',
  usage: `tessera reset -t WORKSPACE [--yes] [--force] [--discard-changes]

  Puts a managed worktree back to its base branch (its branch reset hard to the base, untracked
  files cleaned; ignored files such as node_modules are kept). Same preflight and guards as rm.`,
  flags,
  toArgs,
  print: (result, _args, ctx) => print(result, ctx, 'reset'),
});
