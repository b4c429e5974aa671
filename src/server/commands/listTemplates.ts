// templates: the workspace templates a new workspace can use, with what each starts (the project
// file's too: the one of the repository, else the folder, the command was typed in). The answer is
// made in src/store, where the command line makes the same one when no server runs.

import { sourceRepoFolder } from '../../git/repo.js';
import { templatesAnswer } from '../../store/templateCatalog.js';
import type { ServerCommand } from './command.js';

export const templates: ServerCommand = {
  name: 'templates',
  async run(_args, ctx) {
    const here = ctx.cwd === undefined ? undefined : ((await sourceRepoFolder(ctx.cwd)) ?? ctx.cwd);
    const look = here === undefined ? undefined : ctx.registry.projects.look(here);
    return templatesAnswer(ctx.settings.settings, ctx.settings.error, ctx.env, look, ctx.registry.projects.takeProblem());
  },
};
