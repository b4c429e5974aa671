// rm and reset: the preflight always; the action only with `yes`, and only when nothing would be lost
// (or the user said which loss is fine: `force`, `discardChanges`).

import { optBool, record, str, type Fields } from '../../protocol/validate.js';
import { preflight, removeWorkspace as removeIt, resetWorkspace as resetIt, type Preflight } from '../records/removal.js';
import type { ServerCommand } from './command.js';

function endCommand(name: 'rm' | 'reset', act: typeof removeIt): ServerCommand {
  return {
    name,
    async run(args: Fields, ctx) {
      const workspace = str(args.workspace, 'workspace', 64);
      const check = await preflight(ctx.registry, workspace);
      if (!(optBool(args.yes, 'yes') ?? false)) return { preflight: check, done: false };
      const message = await act(ctx.registry, workspace, {
        force: optBool(args.force, 'force') ?? false,
        discardChanges: optBool(args.discardChanges, 'discardChanges') ?? false,
        expect: args.expect === undefined ? undefined : (record(args.expect, 'expect') as unknown as Preflight),
      });
      return { preflight: check, done: true, message };
    },
  };
}

export const removeWorkspace = endCommand('rm', removeIt);
export const resetWorkspace = endCommand('reset', resetIt);
