// Workspace templates, for `tessera new --template`, `tessera templates` and the new-workspace dialog:
// list them (listTemplates, in src/store: the command line lists them without a server too), resolve
// one for a folder (prepareTemplate: start the workspace with its first launch), then add the rest
// (addTemplatePanes).

import type { TemplateSources } from '../../store/templateCatalog.js';
import { findTemplate } from './findTemplate.js';
import { planTemplate, type TemplatePlan } from './templatePlan.js';

export { addTemplatePanes } from './applyTemplate.js';
export { listTemplates, settingsNotInUse, templateSources, type ProjectTemplates, type TemplateSources, type TemplateSummary } from '../../store/templateCatalog.js';
export type { TemplatePlan } from './templatePlan.js';

/**
 * What template `name` starts in folder `dir`. Throws RefusedError for an unknown template (naming the
 * ones there are) or an unknown agent in it: call it before making anything.
 */
export function prepareTemplate(name: string, sources: TemplateSources, dir: string): TemplatePlan {
  return planTemplate(findTemplate(name, sources), sources, dir);
}
