// detach: ends the attachment of the terminals showing a workspace (or all); nothing else stops.

import { detachClients as definition } from '../../commands/detachClients.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';
import { callerPane } from './targets.js';

export const detachClients = implement(definition, (args, ctx) => {
  const workspace = args.all ? undefined : args.workspace !== undefined ? ctx.registry.require(args.workspace) : callerPane(ctx)?.workspace;
  if (!args.all && workspace === undefined) throw new RefusedError('name the workspace whose terminals to detach (-s WORKSPACE), or use -a for all');
  const leaving = [...ctx.clients].filter((client) => workspace === undefined || client.workspace === workspace);
  for (const client of leaving) client.detach();
  return { detached: leaving.length };
});
