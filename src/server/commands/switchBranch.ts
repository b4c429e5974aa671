// switch: another branch checked out in a workspace's folder (open or dormant), kept in its record.

import fs from 'node:fs';
import { switchBranch as definition } from '../../commands/switchBranch.js';
import { repoTop } from '../../git/repo.js';
import { BranchHeldError, switchBranch as checkOut } from '../../git/switchBranch.js';
import { GitError } from '../../git/run.js';
import { realPath } from '../../store/paths.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';

export const switchBranch = implement(definition, async (args, ctx) => {
  const all = ctx.registry.all();
  const record = all.find((w) => w.record.name === args.workspace)?.record;
  if (!record) throw new RefusedError(`no workspace named '${args.workspace}'`);
  if (!fs.existsSync(record.path) || !(await repoTop(record.path))) throw new RefusedError(`${record.name}'s folder ${record.path} is not in a git repository: there is no branch to switch`);
  try {
    const switched = await checkOut(record.path, args.branch, args.create);
    ctx.registry.setBranch(record.name, switched.branch);
    await ctx.registry.records.whenWritten();
    return { workspace: record.name, branch: switched.branch, previous: switched.previous ?? null, created: switched.created };
  } catch (error) {
    if (error instanceof BranchHeldError) {
      // The folder, and the workspace whose folder it is, when it is one.
      const owner = all.find((w) => realPath(w.record.path) === realPath(error.holder))?.record.name;
      throw new RefusedError(`${error.message}${owner === undefined ? '' : `: it is workspace ${owner}'s`}; nothing was changed`);
    }
    if (error instanceof GitError) throw new RefusedError(`${error.message}\nnothing was changed in ${record.path}`);
    throw error;
  }
});
