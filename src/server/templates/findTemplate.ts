// Looking a template up by name for a new workspace: an unknown name is refused with the names there are.

import { RefusedError } from '../refusedError.js';
import { availableTemplates, settingsNotInUse, type TemplateEntry, type TemplateSources } from '../../store/templateCatalog.js';

/** The template of that name; an unknown name is refused with the names there are. */
export function findTemplate(name: string, sources: Pick<TemplateSources, 'settings' | 'project' | 'settingsError'>): TemplateEntry {
  const entries = availableTemplates(sources);
  const found = entries.find((e) => e.template.name === name);
  if (found) return found;
  const known = `no template named '${name}'; the templates are: ${entries.map((e) => e.template.name).join(', ')} ('tessera templates' says what each starts)`;
  throw new RefusedError(sources.settingsError === undefined ? known : `${known}; ${settingsNotInUse(sources.settingsError)}`);
}
