// diff: what a workspace brings to its base (or its uncommitted or staged changes, or a range), as
// a patch, names, per-file counts, or everything the diff viewer shows.

import fs from 'node:fs';
import path from 'node:path';
import { diff as definition, type DiffArgs, type DiffConflict, type DiffResult } from '../../commands/diff.js';
import { conflictPlaces } from '../../git/conflictLines.js';
import { repoTop } from '../../git/repo.js';
import { commitsSince, workspaceFiles, workspacePatch, type DiffAsk, type DiffView } from '../../git/workspaceDiff.js';
import { DIFF_VIEWER_MAX_COMMITS } from '../../limits.js';
import { isWithin, owningWorkspace, realPath } from '../../store/paths.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { visibleText } from '../../term/visibleText.js';
import { RefusedError } from '../refusedError.js';
import { implement, type CommandContext } from './command.js';

export const diffWorkspace = implement(definition, async (args, ctx): Promise<DiffResult> => {
  const record = targetRecord(args.workspace, ctx);
  if (!fs.existsSync(record.path) || !(await repoTop(record.path))) throw new RefusedError(`${record.name}'s folder ${record.path} is not in a git repository`);
  const ask: DiffAsk = { view: viewOf(args), base: record.base, untracked: args.untracked, paths: workspacePaths(args.paths, record.path, ctx.cwd) };
  const conflicts = ctx.radar.conflictsOf(record.name);
  if (args.format === 'json') {
    const { files, against } = await workspaceFiles(record.path, ask);
    return { workspace: record.name, against, files, conflicts };
  }
  if (args.format === 'review') {
    const [{ files, against }, { text }] = await Promise.all([workspaceFiles(record.path, ask), workspacePatch(record.path, ask, 'patch', { renames: false })]);
    const commits = against.commit && args.view === 'branch' ? await commitsSince(record.path, against.commit, DIFF_VIEWER_MAX_COMMITS) : [];
    return { workspace: record.name, against, text, files, commits, conflicts: await withPlaces(record.path, conflicts, ctx) };
  }
  const { text, against } = await workspacePatch(record.path, ask, args.format);
  return { workspace: record.name, against, text };
});

/** Each conflict with the lines of this workspace's files that the other workspace also changed (left out when git cannot tell). */
async function withPlaces(dir: string, conflicts: DiffConflict[], ctx: CommandContext): Promise<DiffConflict[]> {
  const records = ctx.registry.all().map((w) => w.record);
  return Promise.all(
    conflicts.map(async (c) => {
      const other = records.find((r) => r.name === c.workspace);
      const places = other ? await conflictPlaces(dir, other.path, c.files).catch(() => undefined) : undefined;
      return places ? { ...c, places } : c;
    }),
  );
}

function viewOf(args: DiffArgs): DiffView {
  return args.view === 'range' ? { kind: 'range', range: args.range as string } : { kind: args.view };
}

/** The named workspace, else the caller pane's, else the one whose folder holds the caller's directory. */
function targetRecord(name: string | undefined, ctx: CommandContext): WorkspaceRecord {
  const records = ctx.registry.all().map((w) => w.record);
  const caller = ctx.callerPane === undefined ? undefined : ctx.registry.findPane(Number(ctx.callerPane))?.workspace.name;
  const record = name !== undefined ? records.find((r) => r.name === name) : (records.find((r) => r.name === caller) ?? (ctx.cwd ? owningWorkspace(ctx.cwd, records) : undefined));
  if (!record) throw new RefusedError(name !== undefined ? `no workspace named '${name}'` : 'no workspace owns this folder; give one with -t NAME');
  return record;
}

/**
 * Paths as typed, made relative to the workspace folder: from the caller's directory when it is
 * inside the folder, else from the folder. A path that leads out of the folder is refused.
 */
function workspacePaths(paths: readonly string[], folder: string, cwd: string | undefined): string[] {
  const root = realPath(folder);
  const from = cwd !== undefined && isWithin(root, realPath(cwd)) ? realPath(cwd) : root;
  return paths.map((p) => {
    const resolved = realPath(path.resolve(from, p));
    if (!isWithin(root, resolved)) throw new RefusedError(`${visibleText(p)} is outside the workspace folder ${root}`);
    return path.relative(root, resolved) || '.';
  });
}
