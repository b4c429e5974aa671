// rename: a workspace's new name, in the registry, its record, its stack's folder and (when asked) its branch.

import fs from 'node:fs';
import path from 'node:path';
import { renameWorkspace as definition } from '../../commands/renameWorkspace.js';
import { renameCheckedOutBranch } from '../../git/renameBranch.js';
import { RefusedError } from '../refusedError.js';
import { stacksFolder } from '../stack/stackFiles.js';
import { implement } from './command.js';
import { callerPane } from './targets.js';

export const renameWorkspace = implement(definition, async (args, ctx) => {
  const from = args.workspace ?? callerPane(ctx)?.workspace.name;
  if (from === undefined) throw new RefusedError('give the workspace with -t NAME (or run this inside one of its panes)');
  const record = ctx.registry.all().find((w) => w.record.name === from)?.record;
  if (!record) throw new RefusedError(`no workspace named '${from}'`);
  if (ctx.registry.taken(args.name) && args.name !== from) throw new RefusedError(`a workspace named '${args.name}' exists already`);
  const stacks = stacksFolder(ctx.socketPath, ctx.env);
  const [oldStack, newStack] = [path.join(stacks, from), path.join(stacks, args.name)];
  if (args.name !== from && fs.existsSync(newStack)) throw new RefusedError(`${newStack} exists (left by another workspace's stack): move it away first`);
  // The branch first: git may refuse it, and then nothing has changed.
  const oldBranch = args.branch === undefined ? undefined : await renameCheckedOutBranch(record.path, args.branch).catch((error: Error) => {
    throw new RefusedError(error.message);
  });
  try {
    const renamed = ctx.registry.rename(from, args.name);
    if (args.branch !== undefined) {
      // The record keeps the branch it was made on: it now has the new name.
      const live = ctx.registry.get(args.name);
      if (live) {
        live.origin.branch = args.branch;
        ctx.registry.saveNow(live);
      } else void ctx.registry.records.put({ ...renamed, branch: args.branch });
    }
  } catch (error) {
    if (oldBranch !== undefined && args.branch !== undefined) await renameCheckedOutBranch(record.path, oldBranch).catch(() => undefined);
    throw error;
  }
  // The stack's slot, ports, pid files and logs follow the name (its services keep running).
  if (args.name !== from && fs.existsSync(oldStack)) fs.renameSync(oldStack, newStack);
  await ctx.registry.records.whenWritten();
  return { from, to: args.name, ...(args.branch === undefined ? {} : { branch: args.branch }) };
});
