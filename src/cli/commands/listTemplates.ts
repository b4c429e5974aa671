// tessera templates: the workspace templates `tessera new --template NAME` can use, and what each starts.
// Without a server it makes the server's answer from the same files and starts none: looking costs nothing.

import { NoServerError } from '../../client/errors.js';
import { sendRequest } from '../../client/request.js';
import type { TemplatesAnswer, TemplateSummary } from '../../store/templateCatalog.js';
import { boolFlag } from '../../commands/argParser.js';
import type { CliCommand, CliContext } from '../command.js';
import { jsonFlag } from '../controlCommand.js';
import { storedTemplates } from '../offline/templatesOnDisk.js';
import { terminalJson, visibleText } from '../../term/visibleText.js';

export const listTemplates: CliCommand = {
  name: 'templates',
  usage: `tessera templates [--json]

  The templates 'tessera new --template NAME' can use: the built-in ones, yours (the "templates"
  setting; one with a built-in's name replaces it) and those of the project file (.tessera.json at
  the top of the repository you are in, else of this folder). Each line: the name, where it comes
  from, the panes it starts and, in brackets, agents that are not installed here (a workspace made
  from the template leaves them out). Without a running server it reads what a server would (the
  settings, the project file and its approval) and starts none.
  --json   an array of { name, source, description, panes, missing, needsApproval }`,
  flags: [jsonFlag],
  async run(args, ctx) {
    const templates = await fetchTemplates(ctx, ctx.cwd);
    if (boolFlag(args, 'json')) {
      ctx.out(`${terminalJson(templates, 2)}\n`);
      return 0;
    }
    ctx.out(formatTemplates(templates));
    return 0;
  },
};

/** The templates a workspace in `dir` can use (the project file's of its repository or folder too); problems go to stderr. */
export async function fetchTemplates(ctx: CliContext, dir: string): Promise<TemplateSummary[]> {
  const result = await templatesNow(ctx, dir);
  for (const problem of result.problems) ctx.err(`tessera: ${problem}\n`);
  return result.templates;
}

/** The server's answer, or without a server the same answer made here (none is started to look; with -H, the host's is). */
async function templatesNow(ctx: CliContext, dir: string): Promise<TemplatesAnswer> {
  let socket;
  try {
    socket = await ctx.connect(ctx.host !== undefined);
  } catch (error) {
    if (!(error instanceof NoServerError) || ctx.host !== undefined) throw error;
    return storedTemplates(ctx, dir);
  }
  return (await sendRequest(socket, 'templates', {}, { cwd: dir, callerPane: ctx.callerPane })) as TemplatesAnswer;
}

export function formatTemplates(templates: TemplateSummary[]): string {
  const width = Math.max(...templates.map((t) => t.name.length));
  return templates
    .map((t) => {
      const source = t.source === 'built-in' ? '' : ` (${t.source === 'settings' ? 'yours' : 'project'})`;
      const missing = t.missing.length > 0 ? `  [not installed: ${visibleText(t.missing.join(', '))}]` : '';
      const approval = t.needsApproval ? "  [not approved yet: see 'tessera trust']" : '';
      // A project's description and commands come from the repository: one line each, controls as marks.
      const panes = t.description === t.panes.join(' | ') ? '' : `: ${visibleText(t.panes.join(' | '))}`;
      return `${t.name.padEnd(width)}  ${visibleText(t.description)}${panes}${source}${missing}${approval}\n`;
    })
    .join('');
}
