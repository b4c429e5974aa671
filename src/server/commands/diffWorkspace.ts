// diff: a workspace's changes against HEAD, untracked files included.

import fs from 'node:fs';
import { diffText } from '../../git/diffText.js';
import { repoTop } from '../../git/repo.js';
import { optBool, optStr } from '../../protocol/validate.js';
import { owningWorkspace } from '../../store/paths.js';
import { RefusedError } from '../workspace.js';
import type { ServerCommand } from './command.js';

export const diffWorkspace: ServerCommand = {
  name: 'diff',
  async run(args, ctx) {
    const records = ctx.registry.all().map((w) => w.record);
    const name = optStr(args.workspace, 'workspace', 64);
    const caller = ctx.callerPane === undefined ? undefined : ctx.registry.findPane(Number(ctx.callerPane))?.workspace.name;
    const record = name !== undefined ? records.find((r) => r.name === name) : records.find((r) => r.name === caller) ?? (ctx.cwd ? owningWorkspace(ctx.cwd, records) : undefined);
    if (!record) throw new RefusedError(name !== undefined ? `no workspace named '${name}'` : 'no workspace owns this folder; give one with -t NAME');
    if (!fs.existsSync(record.path) || !(await repoTop(record.path))) throw new RefusedError(`${record.name}'s folder ${record.path} is not in a git repository`);
    return { workspace: record.name, text: await diffText(record.path, { stat: optBool(args.stat, 'stat') ?? false }) };
  },
};
