// rm and reset: the preflight always; the action only with `yes`, and only when nothing would be lost
// (or the user said which loss is fine: `force`, `discardChanges`, `discardIgnored`). Without `yes`
// nothing is stopped: the answer is the preflight as it is, with what would refuse going ahead.

import { endBlocks, endWarnings, type EndAction } from '../../git/endGuards.js';
import { InvalidInput, optBool, record, str, type Fields } from '../../protocol/validate.js';
import { workspaceRoot } from '../../store/workspaceRoot.js';
import { removeWorkspace as removeIt, resetWorkspace as resetIt, type Preflight } from '../records/removal.js';
import { removeMergedWorkspaces } from '../records/removeMerged.js';
import { workspacePreflight } from '../records/workspacePreflight.js';
import { stackDown } from '../stack/stackDown.js';
import { StackFiles, stacksFolder } from '../stack/stackFiles.js';
import type { ServerCommand } from './command.js';

function endCommand(name: 'rm' | 'reset', act: typeof removeIt): ServerCommand {
  const action: EndAction = name;
  return {
    name,
    async run(args: Fields, ctx) {
      const choices = {
        force: optBool(args.force, 'force') ?? false,
        discardChanges: optBool(args.discardChanges, 'discardChanges') ?? false,
        discardIgnored: optBool(args.discardIgnored, 'discardIgnored') ?? false,
      };
      const root = workspaceRoot(ctx.env, ctx.settings.settings.workspaceRoot);
      if (name === 'rm' && (optBool(args.merged, 'merged') ?? false)) {
        if (choices.force || choices.discardChanges || choices.discardIgnored) throw new InvalidInput('rm --merged removes only what would lose nothing: it takes no permission');
        return { merged: await removeMergedWorkspaces(ctx.registry, root, optBool(args.yes, 'yes') ?? false) };
      }
      const workspace = str(args.workspace, 'workspace', 64);
      if (!(optBool(args.yes, 'yes') ?? false)) {
        const check = await workspacePreflight(ctx.registry, workspace, root);
        return { preflight: check, blocked: endBlocks(check, choices, action), warnings: endWarnings(check, action), done: false, stopped: false };
      }
      const expect = args.expect === undefined ? undefined : (record(args.expect, 'expect') as unknown as Preflight);
      const outcome = await act(ctx.registry, workspace, { ...choices, root, expect });
      // A removed workspace's own app stops with it and its slot is free again (reset keeps both).
      if (name === 'rm' && outcome.done) {
        const stack = new StackFiles(stacksFolder(ctx.socketPath, ctx.env), workspace);
        await stackDown(stack);
        stack.remove();
      }
      return outcome;
    },
  };
}

export const removeWorkspace = endCommand('rm', removeIt);
export const resetWorkspace = endCommand('reset', resetIt);
