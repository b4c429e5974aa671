// tessera trust: see what a workspace's project file (.tessera.json) would run, and approve it.

import readline from 'node:readline/promises';
import { connectOrStartServer } from '../../client/connect.js';
import { sendRequest } from '../../client/request.js';
import { boolFlag, stringFlag } from '../argParser.js';
import type { CliCommand } from '../command.js';
import { visibleText } from '../../term/visibleText.js';

interface Shown {
  workspace: string;
  file: string;
  hash: string;
  commands: string[];
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
  the code, not from you, so tessera runs none of them until you approved the file as it is now.
  This prints the file, its sha256 and every command it would start (one line each, control
  characters shown as marks such as ^[ for ESC, so the file cannot redraw them), then asks (in a terminal)
  whether to approve it; --yes approves without asking. What waited for it (the setup command, the
  template you asked for) starts at once in every open workspace of that file; in a dormant one
  (after a restart) it starts when you open the workspace. Approval is remembered per server by the
  file's path and contents: a changed file must be approved again. -t WORKSPACE: default, the
  workspace you are in, else the last one used.`,
  flags: [{ name: 'target', short: 't', value: true }, { name: 'yes', short: 'y' }],
  async run(args, ctx) {
    const workspace = stringFlag(args, 'target');
    const ask = async (extra: Record<string, unknown>) => {
      const socket = await connectOrStartServer(ctx.socketPath, ctx.env);
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
