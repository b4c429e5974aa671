// What a template starts here: one launch per pane that can start, and a note for each pane left out
// (an agent that is not installed, a command the allowlist refuses or that is not found). A workspace
// made from a template always opens: when nothing of it can start, a shell does.

import { checkCommandAllowed } from '../../shell/allowlist.js';
import { resolveBinary } from '../../shell/resolveBinary.js';
import { describeTemplatePane, type TemplateLayout, type TemplatePane } from '../../store/workspaceTemplate.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import { RefusedError } from '../refusedError.js';
import type { TemplateEntry, TemplateSources } from '../../store/templateCatalog.js';

export interface TemplatePlan {
  /** The template's name (kept in the workspace's record). */
  name: string;
  layout: TemplateLayout;
  /** At least one: the panes that start, in the template's order. */
  launches: LaunchRequest[];
  /** One line for the user when something was left out, else undefined. */
  note: string | undefined;
  /** A template of a project file not approved yet: only a shell starts, the template waits for `tessera trust`. */
  waitsForApproval?: boolean;
}

/**
 * `requestDir` is the workspace's folder: a relative program path in a template resolves there. An
 * agent the catalog does not know is a mistake in the template, refused before anything is made.
 */
export function planTemplate(entry: TemplateEntry, sources: TemplateSources, requestDir: string): TemplatePlan {
  const { template, source } = entry;
  if (source === 'project' && !(sources.project?.approved ?? false)) {
    return { name: template.name, layout: 'tiled', launches: [{ requestDir }], note: undefined, waitsForApproval: true };
  }
  const launches: LaunchRequest[] = [];
  const leftOut: string[] = [];
  for (const pane of template.panes) {
    const outcome = paneLaunch(pane, entry, sources, requestDir);
    if ('launch' in outcome) launches.push(outcome.launch);
    else leftOut.push(outcome.leftOut);
  }
  let note = leftOut.length === 0 ? undefined : `template ${template.name}: left out ${leftOut.join('; ')}`;
  if (launches.length === 0) {
    launches.push({ requestDir });
    note = `${note}; a shell instead`;
  }
  return { name: template.name, layout: template.layout ?? 'tiled', launches, note };
}

function paneLaunch(pane: TemplatePane, entry: TemplateEntry, sources: TemplateSources, requestDir: string): { launch: LaunchRequest } | { leftOut: string } {
  if ('shell' in pane) return { launch: { requestDir } };
  if ('agent' in pane) {
    const agent = sources.catalog.find(pane.agent);
    if (!agent) throw new RefusedError(`template '${entry.template.name}' names an ${sources.catalog.unknownMessage(pane.agent)}`);
    if (!sources.catalog.isInstalled(agent, { configDir: sources.configDir, envPath: sources.envPath })) return { leftOut: `${agent.kind} (not installed)` };
    return { launch: { agent: { kind: agent.kind }, requestDir } };
  }
  const shown = describeTemplatePane(pane);
  // Commands of the user's own settings go through the allowlist; a project file's were approved as a whole.
  if (entry.source !== 'project') {
    const allowed = checkCommandAllowed(pane.command[0], sources.settings.extraCommands);
    if (!allowed.ok) return { leftOut: `'${shown}' (not allowed: add '${pane.command[0]}' to extraCommands to allow it)` };
  }
  const found = resolveBinary(pane.command[0], { configDir: sources.configDir, envPath: sources.envPath, requestDir, uid: process.getuid?.() });
  if (!found.ok) return { leftOut: `'${shown}' (${found.message})` };
  return { launch: { argv: pane.command, requestDir } };
}
