// templates: the workspace templates a new workspace can use, with what each starts (the project
// file's too: the one of the repository, else the folder, the command was typed in).

import { sourceRepoFolder } from '../project/projectTrust.js';
import { projectTemplates } from '../project/projectWork.js';
import { listTemplates, settingsNotInUse, templateSources } from '../templates/index.js';
import type { ServerCommand } from './command.js';

export const templates: ServerCommand = {
  name: 'templates',
  async run(_args, ctx) {
    const here = ctx.cwd === undefined ? undefined : ((await sourceRepoFolder(ctx.cwd)) ?? ctx.cwd);
    const look = here === undefined ? undefined : ctx.registry.projects.look(here);
    const settingsError = ctx.settings.error;
    const problems = [settingsError === undefined ? undefined : settingsNotInUse(settingsError), look?.problem, ctx.registry.projects.takeProblem()].filter((p) => p !== undefined);
    return { templates: listTemplates(templateSources(ctx.settings.settings, ctx.env, projectTemplates(look), settingsError)), problems };
  },
};
