// land: the preflight always; the landing (or the workspace's rebase) only with `yes` and nothing blocking.

import { land as definition } from '../../commands/land.js';
import { workspaceRoot } from '../../store/workspaceRoot.js';
import { landWorkspace, rebaseWorkspace } from '../records/landing.js';
import { implement } from './command.js';

export const land = implement(definition, (args, ctx) => {
  const request = { ...args, action: 'land' as const, root: workspaceRoot(ctx.env, ctx.settings.settings.workspaceRoot) };
  return args.rebaseWorkspace ? rebaseWorkspace(ctx.registry, request) : landWorkspace(ctx.registry, request);
});
