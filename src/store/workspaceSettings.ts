// The settings about workspaces: where managed worktrees and clones go, branch names, ports per
// workspace slot, a setup command for new checkouts, and the user's own templates.

import { InvalidInput, int, record, str } from '../protocol/validate.js';
import { parseTemplates, type WorkspaceTemplate } from './workspaceTemplate.js';

export type { TemplatePane, WorkspaceTemplate } from './workspaceTemplate.js';

export interface WorkspaceSettingsFields {
  /** Where managed worktrees and clones go ('' = $XDG_DATA_HOME/tessera/workspaces). */
  workspaceRoot: string;
  /** The start of new worktree branch names: `<branchPrefix><name>`. */
  branchPrefix: string;
  /** Port bases by name: each open workspace gets TESSERA_PORT_<NAME> = base + its slot. */
  ports: Record<string, number>;
  /** Run in a pane of every new worktree or clone (e.g. "npm ci"); '' for none. */
  setupCommand: string;
  /** The user's templates, besides the built-in ones. */
  templates: WorkspaceTemplate[];
}

export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettingsFields = {
  workspaceRoot: '',
  branchPrefix: 'feat/',
  ports: {},
  setupCommand: '',
  templates: [],
};

const PORT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export function parseWorkspaceSetting(key: keyof WorkspaceSettingsFields, value: unknown): Partial<WorkspaceSettingsFields> {
  switch (key) {
    case 'workspaceRoot': {
      const root = str(value, 'workspaceRoot', 1024);
      if (root !== '' && !root.startsWith('/') && !root.startsWith('~/')) throw new InvalidInput('workspaceRoot must be an absolute path (or start with ~/)');
      return { workspaceRoot: root };
    }
    case 'branchPrefix': {
      const prefix = str(value, 'branchPrefix', 64);
      if (/[\s~^:?*[\\]|\.\.|@\{/.test(prefix) || prefix.startsWith('/') || prefix.startsWith('-')) throw new InvalidInput('branchPrefix must be usable in a git branch name, e.g. "feat/"');
      return { branchPrefix: prefix };
    }
    case 'ports': {
      const fields = record(value, 'ports');
      const ports: Record<string, number> = {};
      for (const [name, base] of Object.entries(fields)) {
        if (!PORT_NAME.test(name)) throw new InvalidInput(`ports: '${name}' must be letters, digits and '_' (it becomes TESSERA_PORT_${name.toUpperCase()})`);
        ports[name] = int(base, `ports.${name}`, 1, 65_000);
      }
      return { ports };
    }
    case 'setupCommand':
      return { setupCommand: str(value, 'setupCommand', 4096) };
    case 'templates':
      return { templates: parseTemplates(value, 'templates') };
  }
}
