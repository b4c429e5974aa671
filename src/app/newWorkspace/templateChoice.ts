// The templates the "new workspace" dialog offers change with the folder or repository chosen (a
// project file's own templates come and go): the chosen one stays chosen while it is still offered.

import type { NewWorkspaceState, TemplateOption } from './model.js';

export function withTemplates(state: NewWorkspaceState, templates: readonly TemplateOption[]): NewWorkspaceState {
  if (sameOptions(state.templates, templates)) return state;
  const chosen = state.templates[state.templateIndex]?.name;
  const templateIndex = chosen === undefined ? -1 : templates.findIndex((t) => t.name === chosen);
  // The field is left out when nothing can be offered: the cursor moves on to the next one.
  const focus = templates.length === 0 && state.focus === 'template' ? 'prompt' : state.focus;
  return { ...state, templates, templateIndex, focus };
}

function sameOptions(a: readonly TemplateOption[], b: readonly TemplateOption[]): boolean {
  return a.length === b.length && a.every((t, i) => t.name === b[i].name && t.description === b[i].description);
}
