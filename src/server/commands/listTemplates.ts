// templates: the workspace templates a new workspace can use, with what each starts.

import { listTemplates, templateSources } from '../templates/index.js';
import type { ServerCommand } from './command.js';

export const templates: ServerCommand = {
  name: 'templates',
  run(_args, ctx) {
    return { templates: listTemplates(templateSources(ctx.settings.settings, ctx.env)) };
  },
};
