// rm and reset: the preflight always; the action only with `yes`, and only when nothing would be lost
// (or the user said which loss is fine: `force`, `discardChanges`, `discardIgnored`). Without `yes`
// nothing is stopped: the answer is the preflight as it is, with what would refuse going ahead.

import * as definitions from '../../commands/removeWorkspace.js';
import type { EndAnswer, EndArgs } from '../../commands/removeWorkspace.js';
import { endBlocks, endWarnings, type EndAction } from '../../git/endGuards.js';
import { workspaceRoot } from '../../store/workspaceRoot.js';
import { removeWorkspace as removeIt, resetWorkspace as resetIt } from '../records/removal.js';
import { removeMergedWorkspaces } from '../records/removeMerged.js';
import { workspacePreflight } from '../records/workspacePreflight.js';
import { stackDown } from '../stack/stackDown.js';
import { StackFiles, stacksFolder } from '../stack/stackFiles.js';
import { implement, type CommandContext } from './command.js';

async function end(action: EndAction, act: typeof removeIt, args: EndArgs, ctx: CommandContext): Promise<EndAnswer> {
  const { workspace, yes, expect, ...choices } = args;
  const root = workspaceRoot(ctx.env, ctx.settings.settings.workspaceRoot);
  if (!yes) {
    const check = await workspacePreflight(ctx.registry, workspace, root);
    return { preflight: check, blocked: endBlocks(check, choices, action), warnings: endWarnings(check, action), done: false, stopped: false };
  }
  const outcome = await act(ctx.registry, workspace, { ...choices, root, expect });
  // A removed workspace's own app stops with it and its slot is free again (reset keeps both).
  if (action === 'rm' && outcome.done) {
    const stack = new StackFiles(stacksFolder(ctx.socketPath, ctx.env), workspace);
    await stackDown(stack);
    stack.remove();
  }
  return outcome;
}

export const removeWorkspace = implement(definitions.removeWorkspace, async (args, ctx) => {
  if (!('merged' in args)) return end('rm', removeIt, args, ctx);
  return { merged: await removeMergedWorkspaces(ctx.registry, workspaceRoot(ctx.env, ctx.settings.settings.workspaceRoot), args.yes) };
});

export const resetWorkspace = implement(definitions.resetWorkspace, (args, ctx) => end('reset', resetIt, args, ctx));
