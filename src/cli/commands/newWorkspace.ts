// tessera new: a new workspace whose first pane runs a command (default: your shell).

import path from 'node:path';
import { sendRequest } from '../../client/request.js';
import { UsageError, boolFlag, stringFlag } from '../../commands/argParser.js';
import { attachTerminal, canAttach } from '../attachFlow.js';
import type { CliCommand, CliContext } from '../command.js';
import { fetchTemplates, formatTemplates } from './listTemplates.js';

export const newWorkspace: CliCommand = {
  name: 'new',
  aliases: ['new-session'],
  usage: `tessera new [-s NAME] [-c DIR | --worktree [--repo DIR] [--base B | --branch B] | --clone URL [--branch B]]
            [-d] [--template T] [--shell CMD] [--prompt TEXT] [--bypass-permissions] [-- COMMAND ARGS…]

  Creates a workspace whose first pane runs COMMAND (default: your shell), then attaches to it.
  Workspaces are kept until 'tessera rm': after a restart they are listed dormant and start again
  when opened.
  -s NAME   the workspace's name (at most 64 letters, digits, '.', '_', '-', not starting with
            '.' or '-'; default: a free number)
  -c DIR    adopt this folder (default: the current directory); tessera never changes its files
  --worktree         a new git worktree of the repository (--repo DIR, default: the one you are in)
                     at <root>/<repo>/NAME, on a new branch <branchPrefix>NAME (default feat/NAME)
                     made from --base (default: origin's default branch, else main/master);
                     --branch B checks out an existing branch instead; its own .tessera.json
                     is the one that runs (see 'tessera trust')
  --clone URL        a full clone at <root>/<repo>/NAME (--branch B to check out B); a user name
                     or password in URL goes to git only, never into tessera's record or names
                     <root> is $TESSERA_WORKSPACE_ROOT, else the workspaceRoot setting, else
                     ~/.local/share/tessera/workspaces
  -d        create it without attaching (prints its name)
  --template T       start several panes at once, e.g. claude+shell (Claude beside a shell) or pair
                     (Claude and Codex on the same task); 'tessera templates' lists them all, yours
                     from the "templates" setting included. Agents that are not installed are left
                     out (tessera says so). Reopening the workspace later restores its panes as you
                     left them, not the template. --template without a name lists the templates
                     for that folder (a project file's too), makes nothing and starts no server.
  --shell COMMAND        the shell for this workspace's terminal panes (e.g. "zsh -l")
  --prompt TEXT          pasted into every agent pane of this workspace once it is ready (with a
                         template: into each of its agents)
  --bypass-permissions   agents in this workspace start with their "skip permission prompts"
                         flag: they run tools and commands WITHOUT asking you

  A COMMAND that names an agent (claude, codex, opencode, gemini) makes an agent pane.`,
  flags: [
    { name: 'name', short: 's', value: true },
    { name: 'cwd', short: 'c', value: true },
    { name: 'detached', short: 'd' },
    { name: 'prompt', short: 'p', value: true },
    { name: 'shell', value: true },
    { name: 'bypass-permissions' },
    { name: 'worktree' },
    { name: 'clone', value: true },
    { name: 'repo', value: true },
    { name: 'base', value: true },
    { name: 'branch', value: true },
    { name: 'template', value: true, valueOptional: true },
  ],
  async run(args, ctx) {
    const cwdFlag = stringFlag(args, 'cwd');
    const worktree = boolFlag(args, 'worktree');
    const clone = stringFlag(args, 'clone');
    if (cwdFlag !== undefined && (worktree || clone !== undefined)) throw new UsageError('-c adopts a folder; --worktree and --clone make one: give one of them');
    const template = stringFlag(args, 'template');
    if (template !== undefined && args.rest !== undefined && args.rest.length > 0) throw new UsageError('give either --template or a command after --, not both');
    if (!worktree && clone === undefined && ['repo', 'base', 'branch'].some((f) => args.flags.has(f))) {
      throw new UsageError('--repo, --base and --branch go with --worktree (or --branch with --clone)');
    }
    const repo = stringFlag(args, 'repo');
    if (args.flags.get('template') === true) return listForChoice(ctx, path.resolve(ctx.cwd, cwdFlag ?? repo ?? '.'));
    const detached = boolFlag(args, 'detached');
    if (!detached && !(await canAttach(ctx))) return 1;
    const socket = await ctx.connect(true);
    const result = (await sendRequest(
      socket,
      'new',
      {
        name: stringFlag(args, 'name'),
        cwd: path.resolve(ctx.cwd, cwdFlag ?? '.'),
        command: args.rest,
        prompt: stringFlag(args, 'prompt'),
        shell: stringFlag(args, 'shell'),
        bypassPermissions: boolFlag(args, 'bypass-permissions'),
        worktree: worktree || undefined,
        clone,
        repo: repo === undefined ? undefined : path.resolve(ctx.cwd, repo),
        base: stringFlag(args, 'base'),
        branch: stringFlag(args, 'branch'),
        template,
        // Sized to the terminal that will attach, so its first program never starts at the wrong size.
        size: detached ? undefined : { cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 },
      },
      { cwd: ctx.cwd, callerPane: ctx.callerPane },
    )) as { name: string; note?: string };
    if (result.note) ctx.err(`tessera: ${result.note}\n`);
    if (detached) {
      ctx.out(`${result.name}\n`);
      return 0;
    }
    return attachTerminal(ctx, { workspace: result.name, startServer: false, checked: true });
  },
};

/** `--template` without a name: the templates for the folder the workspace would be made from; nothing is made. */
async function listForChoice(ctx: CliContext, dir: string): Promise<number> {
  ctx.out(formatTemplates(await fetchTemplates(ctx, dir)));
  ctx.err('tessera: --template needs a name: one of the templates above (nothing was made)\n');
  return 1;
}
