// upgrade: hand every workspace and pane to a server of the client's version; this server exits once
// that one serves (after the answer is sent), or goes on serving everything if it fails.

import fs from 'node:fs';
import { upgrade as definition } from '../../commands/upgrade.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';

export const upgrade = implement(definition, async (args, ctx) => {
  const from = { version: ctx.version, pid: process.pid };
  if (args.version === ctx.version && !args.force) return { moved: false, from };
  if (!ctx.upgrade) throw new RefusedError('this server cannot hand its panes over');
  if (!isFile(args.entry)) throw new RefusedError(`there is no tessera server at ${args.entry}: is the new version installed completely?`);
  if (!isFile(args.node)) throw new RefusedError(`there is no node at ${args.node}`);
  const moved = await ctx.upgrade({ node: args.node, entry: args.entry });
  return { moved: true, ...moved };
});

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
