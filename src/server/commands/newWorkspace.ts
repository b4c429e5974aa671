// new: a workspace whose first pane runs a command (default: the user's shell), or whose panes come
// from a template, with the workspace's agent settings (initial prompt, bypass permissions). Its
// folder is adopted (-c DIR), or made: a managed git worktree (--worktree) or a full clone (--clone URL).

import { MAX_TERMINAL_COLS, MAX_TERMINAL_ROWS } from '../../protocol/messages.js';
import { int, optBool, optStr, optStrArray, record, str, type Fields } from '../../protocol/validate.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import { createWorkspace, type WorkspaceRequest } from '../records/createWorkspace.js';
import { RefusedError } from '../refusedError.js';
import type { CommandContext, ServerCommand } from './command.js';

export const newWorkspace: ServerCommand = {
  name: 'new',
  async run(args, ctx) {
    const prompt = optStr(args.prompt, 'prompt', 200_000);
    if (prompt !== undefined) checkPrompt(prompt);
    const settings = { prompt, bypassPermissions: optBool(args.bypassPermissions, 'bypassPermissions') ?? false, shell: optStr(args.shell, 'shell', 1024) };
    const size = args.size === undefined ? undefined : terminalSize(record(args.size, 'size'));
    const launch = { argv: optStrArray(args.command, 'command'), requestDir: ctx.cwd };
    const name = optStr(args.name, 'name', 256);
    const worktree = optBool(args.worktree, 'worktree') ?? false;
    const clone = optStr(args.clone, 'clone', 4096);
    const template = optStr(args.template, 'template', 64);
    if (template !== undefined && launch.argv !== undefined && launch.argv.length > 0) throw new RefusedError('give either --template or a command after --, not both');
    const common = { name, settings, launch, size, template };
    let request: WorkspaceRequest;
    if (worktree || clone !== undefined) {
      if (worktree && clone !== undefined) throw new RefusedError('give either --worktree or --clone, not both');
      const branch = optStr(args.branch, 'branch', 256);
      const base = optStr(args.base, 'base', 256);
      if (branch !== undefined && base !== undefined) throw new RefusedError('give either --branch (an existing branch) or --base (for a new branch), not both');
      request = clone !== undefined ? { ...common, kind: 'clone', url: clone, branch } : { ...common, kind: 'worktree', repoDir: optStr(args.repo, 'repo'), branch, base };
    } else {
      request = { ...common, kind: 'adopted', cwd: str(args.cwd, 'cwd') };
    }
    const { workspace, note } = await createWorkspace(request, managedContext(ctx));
    return { name: workspace.name, pane: workspace.focusedPaneId, path: workspace.cwd, note };
  },
};

function managedContext(ctx: CommandContext) {
  return { registry: ctx.registry, settings: ctx.settings.settings, settingsError: ctx.settings.error, env: ctx.env, requestDir: ctx.cwd };
}

/** The size of the terminal about to attach; absent for a detached workspace (80×24, as in tmux). */
function terminalSize(size: Fields): { cols: number; rows: number } {
  return { cols: int(size.cols, 'size.cols', 1, MAX_TERMINAL_COLS), rows: int(size.rows, 'size.rows', 1, MAX_TERMINAL_ROWS) };
}
