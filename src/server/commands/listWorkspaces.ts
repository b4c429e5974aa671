// ls: every workspace, open or dormant, with facts computed now; and any problem with the stored records.

import type { ProjectPlace } from '../project/projectTrust.js';
import { workspaceFacts } from '../records/workspaceFacts.js';
import type { ServerCommand } from './command.js';

export const listWorkspaces: ServerCommand = {
  name: 'ls',
  async run(_args, ctx) {
    const all = ctx.registry.all();
    const sources = {
      changes: (dir: string, base: string | undefined) => ctx.changes.get(dir, base),
      top: (dir: string) => ctx.changes.placesOf(dir)?.top,
      look: (place: ProjectPlace) => ctx.registry.projects.look(place),
      conflicts: (name: string) => ctx.radar.conflictsOf(name),
    };
    const workspaces = await Promise.all(all.map(({ record, live }) => workspaceFacts(record, live, sources)));
    const recent = new Map(ctx.registry.list().map((w) => [w.name, w.lastOpened ?? '']));
    workspaces.sort((a, b) => (recent.get(b.name) ?? b.lastOpened ?? '').localeCompare(recent.get(a.name) ?? a.lastOpened ?? '') || a.name.localeCompare(b.name));
    return { workspaces, problems: ctx.registry.records.problems };
  },
};
