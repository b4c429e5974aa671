// templates: the workspace templates a new workspace can use, with what each starts (the project
// file's too: the one of the repository, else the folder, the command was typed in or names). The
// answer is made in src/store, where the command line makes the same one when no server runs.

import { listTemplates } from '../../commands/listTemplates.js';
import { sourceRepoFolder } from '../../git/repo.js';
import { templatesAnswer } from '../../store/templateCatalog.js';
import { implement } from './command.js';

export const templates = implement(listTemplates, async (args, ctx) => {
  const dir = args.dir ?? ctx.cwd;
  const here = dir === undefined ? undefined : ((await sourceRepoFolder(dir)) ?? dir);
  const look = here === undefined ? undefined : ctx.registry.projects.look(here);
  return templatesAnswer(ctx.settings.settings, ctx.settings.error, ctx.env, look, ctx.registry.projects.takeProblem());
});
