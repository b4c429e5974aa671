// tessera trust: see what a workspace's project file (.tessera.json) would run, and approve it.

import { optBool, optStr } from '../protocol/validate.js';
import { visibleText } from '../term/visibleText.js';
import { boolFlag, stringFlag } from './argParser.js';
import { defineCommand } from './contract.js';

export interface TrustArgs {
  /** Default: the workspace the command was typed in, else the last one used. */
  workspace?: string;
  /** Approve the file (and start what waited for it). */
  approve?: boolean;
  /** The hash the user was shown: approving is refused when the file or a script it runs changed since. */
  hash?: string;
}

export interface ProjectShown {
  workspace: string;
  file: string;
  /** What the approval is kept by: the file, or for a worktree its repository's file. */
  key: string;
  hash: string;
  commands: string[];
  /** Files of the folder the commands run, by path and sha256. */
  scripts: { name: string; hash: string }[];
  approved: boolean;
  waiting: boolean;
  started?: boolean;
  /** Open workspaces where what waited for this file started now. */
  startedIn?: string[];
  /** The workspace is dormant: what waits in it starts when it is opened. */
  startsWhenOpened?: boolean;
  notes?: string[];
}

export const trustProject = defineCommand<TrustArgs, ProjectShown>({
  name: 'trust',
  summary: "see what a repository's .tessera.json would run, and approve it",
  usage: `tessera trust [-t WORKSPACE] [--yes]

  A repository can carry a project file, .tessera.json at its top (or at the top of an adopted
  folder), with templates and a setupCommand for new worktrees and clones. Those commands come with
  the code, not from you, so tessera runs none of them until you approved them as they are now.
  This prints the workspace's own file, every command it would start and the files of the
  repository those commands run (scripts such as ./setup.sh, each with its sha256), one line
  each with control characters shown as marks such as ^[ for ESC (so the file cannot redraw
  them), then asks (in a terminal) whether to approve it; --yes approves without asking. What
  waited for it (the setup command, the template you asked for) starts at once in every open workspace waiting for the same
  approval; in a dormant one (after a restart) it starts when you open the workspace. Approval is
  remembered per server by where the file is (for a worktree: its repository) and the hash of the
  file and those scripts: a change to any of them must be approved again. A .tessera.json that is
  a symbolic link is refused. -t WORKSPACE: default, the workspace you are in, else the last one
  used.`,
  flags: [{ name: 'target', short: 't', value: true }, { name: 'yes', short: 'y' }],
  server: 'start',
  // The command line always shows the file first; approving is its second request, with the hash shown.
  fromCli: (args) => ({ workspace: stringFlag(args, 'target') }),
  parse: (fields) => ({ workspace: optStr(fields.workspace, 'workspace', 256), approve: optBool(fields.approve, 'approve'), hash: optStr(fields.hash, 'hash', 64) }),
  async runCli(args, io, ask) {
    const request = trustProject.fromCli(args, io);
    const shown = await ask(request);
    for (const note of shown.notes ?? []) io.err(`tessera: ${note}\n`);
    io.out(formatProject(shown));
    if (shown.approved && !shown.waiting) {
      io.out('approved already: it runs when a workspace needs it\n');
      return 0;
    }
    if (!boolFlag(args, 'yes') && !(await io.confirm('Approve it and run these commands? [y/N] '))) {
      io.out('nothing approved: run again with --yes to approve it\n');
      return 1;
    }
    const done = await ask({ ...request, approve: true, hash: shown.hash });
    io.out(`${approvedLine(done)}\n`);
    for (const note of done.notes ?? []) io.err(`tessera: ${note}\n`);
    return 0;
  },
});

function formatProject(shown: ProjectShown): string {
  // The path and the commands come from the repository: each is one line, its control characters as
  // marks, so nothing in the file can redraw what the user is asked to approve.
  const lines = [`${visibleText(shown.file)} (sha256 ${shown.hash.slice(0, 12)}) ${shown.approved ? 'is approved' : 'is not approved'}; it would run:`];
  for (const command of shown.commands) lines.push(`  ${visibleText(command)}`);
  if (shown.commands.length === 0) lines.push('  nothing');
  if (shown.scripts.length > 0) lines.push('with these files of the repository, as they are now:');
  for (const script of shown.scripts) lines.push(`  ${visibleText(script.name)} (sha256 ${script.hash.slice(0, 12)})`);
  if (shown.key !== shown.file) lines.push(`the approval is kept for ${visibleText(shown.key)}: worktrees of that repository with this same file and these same scripts share it`);
  if (shown.waiting) lines.push(`waiting to start in workspace ${shown.workspace} once approved`);
  return `${lines.join('\n')}\n`;
}

function approvedLine(done: ProjectShown): string {
  const started = done.startedIn ?? (done.started ? [done.workspace] : []);
  const parts = ['approved'];
  if (started.length > 0) parts.push(`started in workspace${started.length === 1 ? '' : 's'} ${started.join(', ')}`);
  if (done.startsWhenOpened) parts.push(`what waits in workspace ${done.workspace} starts when you open it ('tessera attach -t ${done.workspace}')`);
  return parts.join('; ');
}
