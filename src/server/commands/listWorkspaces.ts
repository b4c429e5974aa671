// ls: every workspace, open or dormant, with facts computed now; and any problem with the stored records.

import { listWorkspaces as definition } from '../../commands/listWorkspaces.js';
import type { ProjectPlace } from '../project/projectTrust.js';
import { listProcStats } from '../../pty/procStat.js';
import { workspaceFacts } from '../records/workspaceFacts.js';
import { StackFiles, stacksFolder } from '../stack/stackFiles.js';
import { onceAsked, stackSummary } from '../stack/stackStatus.js';
import { implement } from './command.js';

export const listWorkspaces = implement(definition, async (_args, ctx) => {
  const all = ctx.registry.all();
  const sources = {
    changes: (dir: string, base: string | undefined) => ctx.changes.get(dir, base),
    merged: (dir: string, base: string | undefined) => ctx.changes.merged(dir, base),
    top: (dir: string) => ctx.changes.placesOf(dir)?.top,
    look: (place: ProjectPlace) => ctx.registry.projects.look(place),
    conflicts: (name: string) => ctx.radar.conflictsOf(name),
  };
  const workspaces = await Promise.all(all.map(({ record, live }) => workspaceFacts(record, live, sources)));
  // Whether each workspace's own app runs (tessera up), from its pid files: only where it has a stack.
  const stacks = stacksFolder(ctx.socketPath, ctx.env);
  const stats = onceAsked(listProcStats);
  for (const facts of workspaces) {
    const stack = stackSummary(new StackFiles(stacks, facts.name), stats);
    if (stack) facts.stack = stack;
  }
  const recent = new Map(ctx.registry.list().map((w) => [w.name, w.lastOpened ?? '']));
  workspaces.sort((a, b) => (recent.get(b.name) ?? b.lastOpened ?? '').localeCompare(recent.get(a.name) ?? a.lastOpened ?? '') || a.name.localeCompare(b.name));
  return { workspaces, problems: ctx.registry.records.problems };
});
