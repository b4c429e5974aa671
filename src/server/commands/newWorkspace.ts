// new: a workspace whose first pane runs a command (default: the user's shell), or whose panes come
// from a template, with the workspace's agent settings (initial prompt, bypass permissions). Its
// folder is adopted (-c DIR), or made: a managed git worktree (--worktree) or a full clone (--clone URL).

import { newWorkspace as definition } from '../../commands/newWorkspace.js';
import { str } from '../../protocol/validate.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import { createWorkspace, type WorkspaceRequest } from '../records/createWorkspace.js';
import { RefusedError } from '../refusedError.js';
import { implement, type CommandContext } from './command.js';

export const newWorkspace = implement(definition, async (args, ctx) => {
  if (args.prompt !== undefined) checkPrompt(args.prompt);
  const settings = { prompt: args.prompt, bypassPermissions: args.bypassPermissions, shell: args.shell };
  const launch = { argv: args.command, requestDir: ctx.cwd };
  if (args.template !== undefined && launch.argv !== undefined && launch.argv.length > 0) throw new RefusedError('give either --template or a command after --, not both');
  const common = { name: args.name, settings, launch, size: args.size, template: args.template };
  let request: WorkspaceRequest;
  if (args.worktree || args.clone !== undefined) {
    if (args.worktree && args.clone !== undefined) throw new RefusedError('give either --worktree or --clone, not both');
    if (args.branch !== undefined && args.base !== undefined) throw new RefusedError('give either --branch (an existing branch) or --base (for a new branch), not both');
    request = args.clone !== undefined ? { ...common, kind: 'clone', url: args.clone, branch: args.branch } : { ...common, kind: 'worktree', repoDir: args.repo, branch: args.branch, base: args.base };
  } else {
    request = { ...common, kind: 'adopted', cwd: str(args.cwd, 'cwd') };
  }
  const { workspace, note } = await createWorkspace(request, managedContext(ctx));
  return { name: workspace.name, pane: workspace.focusedPaneId, path: workspace.cwd, note };
});

function managedContext(ctx: CommandContext) {
  return { registry: ctx.registry, settings: ctx.settings.settings, settingsError: ctx.settings.error, env: ctx.env, requestDir: ctx.cwd };
}
