// tessera trust: see what a workspace's project file (.tessera.json) would run, and approve it.

import readline from 'node:readline/promises';
import { sendRequest } from '../../client/request.js';
import { boolFlag, stringFlag } from '../../commands/argParser.js';
import type { CliCommand } from '../command.js';
import { visibleText } from '../../term/visibleText.js';

interface Shown {
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

export const trustProject: CliCommand = {
  name: 'trust',
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
  async run(args, ctx) {
    const workspace = stringFlag(args, 'target');
    const ask = async (extra: Record<string, unknown>) => {
      const socket = await ctx.connect(true);
      return (await sendRequest(socket, 'trust', { workspace, ...extra }, { cwd: ctx.cwd, callerPane: ctx.callerPane })) as Shown;
    };
    const shown = await ask({});
    for (const note of shown.notes ?? []) ctx.err(`tessera: ${note}\n`);
    ctx.out(formatProject(shown));
    if (shown.approved && !shown.waiting) {
      ctx.out('approved already: it runs when a workspace needs it\n');
      return 0;
    }
    if (!boolFlag(args, 'yes') && !(await confirm())) {
      ctx.out('nothing approved: run again with --yes to approve it\n');
      return 1;
    }
    const done = await ask({ approve: true, hash: shown.hash });
    ctx.out(`${approvedLine(done)}\n`);
    for (const note of done.notes ?? []) ctx.err(`tessera: ${note}\n`);
    return 0;
  },
};

export function formatProject(shown: Shown): string {
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

function approvedLine(done: Shown): string {
  const started = done.startedIn ?? (done.started ? [done.workspace] : []);
  const parts = ['approved'];
  if (started.length > 0) parts.push(`started in workspace${started.length === 1 ? '' : 's'} ${started.join(', ')}`);
  if (done.startsWhenOpened) parts.push(`what waits in workspace ${done.workspace} starts when you open it ('tessera attach -t ${done.workspace}')`);
  return parts.join('; ');
}

/** Asks on the terminal; false when there is none to ask on. */
async function confirm(): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question('Approve it and run these commands? [y/N] ');
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
