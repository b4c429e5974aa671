// tessera new: a new workspace whose first pane runs a command (default: your shell), or whose panes
// come from a template; then the terminal attaches to it (not with -d).

import path from 'node:path';
import { MAX_TERMINAL_COLS, MAX_TERMINAL_ROWS } from '../protocol/messages.js';
import { int, optBool, optStr, optStrArray, record } from '../protocol/validate.js';
import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { defineCommand } from './contract.js';
import { formatTemplates, listTemplates, printProblems } from './listTemplates.js';

export interface NewArgs {
  /** Default: a free number (adopted), the repository's name (clone) or the branch's (worktree of an existing branch). */
  name?: string;
  /** The folder to adopt (absolute); needed unless `worktree` or `clone` makes one. */
  cwd?: string;
  /** The first pane's program and its arguments; default: the user's shell. */
  command?: string[];
  /** Pasted into every agent pane once it is ready. */
  prompt?: string;
  /** The shell of this workspace's terminal panes. */
  shell?: string;
  bypassPermissions: boolean;
  /** A new git worktree of the repository `repo` (default: the one the command was typed in). */
  worktree?: boolean;
  /** A full clone of this URL. */
  clone?: string;
  repo?: string;
  /** The base of the worktree's new branch, or the existing branch to check out. */
  base?: string;
  branch?: string;
  template?: string;
  /** The terminal about to attach; absent for a detached workspace (80×24, as in tmux). */
  size?: { cols: number; rows: number };
}

export interface NewResult {
  name: string;
  /** Its focused pane. */
  pane: number;
  path: string;
  /** What the user should hear (agents of the template left out, work waiting for approval). */
  note?: string;
}

export const newWorkspace = defineCommand<NewArgs, NewResult>({
  name: 'new',
  aliases: ['new-session'],
  summary: 'create a workspace and attach to it',
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
  server: 'start',
  fromCli(args, caller) {
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
    return {
      name: stringFlag(args, 'name'),
      cwd: path.resolve(caller.cwd, cwdFlag ?? '.'),
      command: args.rest,
      prompt: stringFlag(args, 'prompt'),
      shell: stringFlag(args, 'shell'),
      bypassPermissions: boolFlag(args, 'bypass-permissions'),
      worktree: worktree || undefined,
      clone,
      repo: repo === undefined ? undefined : path.resolve(caller.cwd, repo),
      base: stringFlag(args, 'base'),
      branch: stringFlag(args, 'branch'),
      template,
    };
  },
  parse(fields) {
    const size = fields.size === undefined ? undefined : record(fields.size, 'size');
    return {
      name: optStr(fields.name, 'name', 256),
      cwd: optStr(fields.cwd, 'cwd'),
      command: optStrArray(fields.command, 'command'),
      prompt: optStr(fields.prompt, 'prompt', 200_000),
      shell: optStr(fields.shell, 'shell', 1024),
      bypassPermissions: optBool(fields.bypassPermissions, 'bypassPermissions') ?? false,
      worktree: optBool(fields.worktree, 'worktree'),
      clone: optStr(fields.clone, 'clone', 4096),
      repo: optStr(fields.repo, 'repo'),
      base: optStr(fields.base, 'base', 256),
      branch: optStr(fields.branch, 'branch', 256),
      template: optStr(fields.template, 'template', 64),
      size: size && { cols: int(size.cols, 'size.cols', 1, MAX_TERMINAL_COLS), rows: int(size.rows, 'size.rows', 1, MAX_TERMINAL_ROWS) },
    };
  },
  print: (result, _args, output) => output.out(`${result.name}\n`),
  async runCli(args, io, ask) {
    const request = newWorkspace.fromCli(args, io);
    // `--template` without a name: the templates for the folder the workspace would be made from; nothing is made.
    if (args.flags.get('template') === true) {
      const answer = await io.askCommand(listTemplates, { dir: path.resolve(io.cwd, stringFlag(args, 'cwd') ?? stringFlag(args, 'repo') ?? '.') });
      printProblems(answer, io);
      io.out(formatTemplates(answer.templates));
      io.err('tessera: --template needs a name: one of the templates above (nothing was made)\n');
      return 1;
    }
    const detached = boolFlag(args, 'detached');
    if (!detached && !(await io.canAttach('use -d to create without attaching'))) return 1;
    // Sized to the terminal that will attach, so its first program never starts at the wrong size.
    const size = detached ? undefined : { cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 };
    const result = await ask({ ...request, size });
    if (result.note) io.err(`tessera: ${result.note}\n`);
    if (!detached) return io.attach(result.name);
    io.out(`${result.name}\n`);
    return 0;
  },
});
