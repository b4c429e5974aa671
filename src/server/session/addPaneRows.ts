// The rows of the "add a pane" dialog: every agent (installed or not, with its install hint and
// models) and a Terminal row with the available shells.

import type { AddPaneRow } from '../../app/addPane/model.js';
import { resolveBinary } from '../../shell/resolveBinary.js';
import { shellProfiles, type ShellProfile } from '../../shell/shellProfiles.js';
import type { AgentCatalog } from '../../agents/agentCatalog.js';

export interface RowContext {
  catalog: AgentCatalog;
  env: NodeJS.ProcessEnv;
  configDir: string;
  defaultShell: string;
}

export function addPaneRows(ctx: RowContext): { rows: AddPaneRow[]; shells: ShellProfile[] } {
  const binary = { configDir: ctx.configDir, envPath: ctx.env.PATH, uid: process.getuid?.() };
  const agents: AddPaneRow[] = ctx.catalog.entries.map((entry) => ({
    kind: 'agent',
    agent: entry.kind,
    label: entry.displayName,
    installed: resolveBinary(entry.command, binary).ok,
    installHint: entry.installHint ?? `put '${entry.command}' on your PATH`,
    models: [...(entry.launch?.models ?? [])],
  }));
  const shells = shellProfiles({ settings: ctx.defaultShell }, { env: ctx.env, configDir: ctx.configDir, uid: process.getuid?.() });
  const terminal: AddPaneRow = {
    kind: 'terminal',
    label: 'Terminal',
    profiles: shells.map((p) => ({ id: p.id, label: p.label, available: p.available })),
  };
  return { rows: [...agents, terminal], shells };
}
