// Workspace templates, for `tessera new --template`, `tessera templates` and the new-workspace dialog:
// list them (listTemplates), resolve one for a folder (prepareTemplate: start the workspace with its
// first launch), then add the rest (addTemplatePanes).

import { configDirectory } from '../../store/configDir.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { AgentCatalog } from '../agent/agentCatalog.js';
import { findTemplate, type ProjectTemplates, type TemplateSources } from './templateCatalog.js';
import { planTemplate, type TemplatePlan } from './templatePlan.js';

export { addTemplatePanes } from './applyTemplate.js';
export { listTemplates, settingsNotInUse, type ProjectTemplates, type TemplateSources, type TemplateSummary } from './templateCatalog.js';
export type { TemplatePlan } from './templatePlan.js';

/**
 * The templates' sources as the server sees them now (settings in force, the server's PATH);
 * `settingsError` says why the settings file is not in force, if it is not.
 */
export function templateSources(settings: Settings, env: NodeJS.ProcessEnv, project?: ProjectTemplates, settingsError?: string): TemplateSources {
  const catalog = new AgentCatalog(settings.customAgents, settingsError);
  return { settings, catalog, configDir: configDirectory(env), envPath: env.PATH, project, ...(settingsError === undefined ? {} : { settingsError }) };
}

/**
 * What template `name` starts in folder `dir`. Throws RefusedError for an unknown template (naming the
 * ones there are) or an unknown agent in it: call it before making anything.
 */
export function prepareTemplate(name: string, sources: TemplateSources, dir: string): TemplatePlan {
  return planTemplate(findTemplate(name, sources), sources, dir);
}
