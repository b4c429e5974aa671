// push: the workspace's checked-out branch to a remote, upstream set.

import { push as definition } from '../../commands/push.js';
import { pushBranch } from '../../git/push.js';
import { currentBranch } from '../../git/repo.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';

export const push = implement(definition, async (args, ctx) => {
  const record = ctx.registry.all().find((w) => w.record.name === args.workspace)?.record;
  if (!record) throw new RefusedError(`no workspace named '${args.workspace}'`);
  const branch = await currentBranch(record.path);
  if (!branch) throw new RefusedError(`${args.workspace} has no branch checked out (a detached HEAD, or git cannot read ${record.path}): nothing to push`);
  return pushBranch(record.path, branch, args.remote);
});
