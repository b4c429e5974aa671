// new: a workspace whose first pane runs a command (default: the user's shell), with the workspace's
// agent settings (initial prompt, bypass permissions). Its folder is adopted (-c DIR), or made: a
// managed git worktree (--worktree) or a full clone (--clone URL).

import path from 'node:path';
import { MAX_TERMINAL_COLS, MAX_TERMINAL_ROWS } from '../../protocol/messages.js';
import { int, optBool, optStr, optStrArray, record, str, type Fields } from '../../protocol/validate.js';
import { realPath } from '../../store/paths.js';
import { nameFromFolder } from '../../store/workspaceName.js';
import { repoNameFromUrl } from '../../git/checkout.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import { createManaged } from '../records/createManaged.js';
import { startSetupPane } from '../records/setupPane.js';
import { RefusedError, type Workspace } from '../workspace.js';
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
    let workspace: Workspace;
    let note: string | undefined;
    if (worktree || clone !== undefined) {
      if (worktree && clone !== undefined) throw new RefusedError('give either --worktree or --clone, not both');
      const branch = optStr(args.branch, 'branch', 256);
      const base = optStr(args.base, 'base', 256);
      if (branch !== undefined && base !== undefined) throw new RefusedError('give either --branch (an existing branch) or --base (for a new branch), not both');
      workspace = await createManaged(
        {
          name: name ?? defaultManagedName(clone, branch),
          kind: worktree ? 'worktree' : 'clone',
          repoDir: optStr(args.repo, 'repo'),
          url: clone,
          branch,
          base,
          settings,
          launch,
          size,
        },
        managedContext(ctx),
      );
      note = startSetupPane(ctx.registry, workspace, ctx.settings.settings);
    } else {
      workspace = ctx.registry.create({ name, cwd: realPath(str(args.cwd, 'cwd')), origin: { kind: 'adopted' }, size, launch, settings });
    }
    return { name: workspace.name, pane: workspace.focusedPaneId, path: workspace.cwd, note };
  },
};

function managedContext(ctx: CommandContext) {
  return { registry: ctx.registry, settings: ctx.settings.settings, env: ctx.env, requestDir: ctx.cwd };
}

/** A clone is named after its repository, a worktree of an existing branch after the branch; else -s is needed. */
function defaultManagedName(url: string | undefined, branch: string | undefined): string {
  if (url !== undefined) return nameFromFolder(repoNameFromUrl(url));
  if (branch !== undefined) return nameFromFolder(path.basename(branch));
  throw new RefusedError('a new worktree needs a name: tessera new -s NAME --worktree');
}

/** The size of the terminal about to attach; absent for a detached workspace (80×24, as in tmux). */
function terminalSize(size: Fields): { cols: number; rows: number } {
  return { cols: int(size.cols, 'size.cols', 1, MAX_TERMINAL_COLS), rows: int(size.rows, 'size.rows', 1, MAX_TERMINAL_ROWS) };
}
