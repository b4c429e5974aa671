// Plain `tessera` in a folder: the workspace that owns the folder, else a new one adopting it.

import path from 'node:path';
import { nameFromFolder } from '../../store/workspaceName.js';
import { owningWorkspace, realPath } from '../../store/paths.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';

export function openOrAdoptFolder(registry: WorkspaceRegistry, dir: string, size: { cols: number; rows: number }): Workspace {
  const owner = owningWorkspace(dir, registry.all().map((w) => w.record));
  if (owner) return registry.open(owner.name, size);
  const folder = realPath(dir);
  const base = nameFromFolder(path.basename(folder));
  let name = base;
  for (let n = 2; registry.taken(name); n++) name = `${base.slice(0, 60)}-${n}`;
  return registry.create({ name, cwd: folder, launch: { requestDir: dir }, size, origin: { kind: 'adopted' } });
}
