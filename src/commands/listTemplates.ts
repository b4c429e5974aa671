// tessera templates: the workspace templates `tessera new --template NAME` can use, and what each starts.
// Without a server it makes the server's answer from the same files and starts none: looking costs nothing.

import path from 'node:path';
import type { TemplatesAnswer, TemplateSummary } from '../store/templateCatalog.js';
import { InvalidInput, optStr } from '../protocol/validate.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { boolFlag } from './argParser.js';
import { defineCommand, type CommandOutput } from './contract.js';
import { jsonFlag } from './targets.js';

export interface TemplatesArgs {
  /** The folder whose project file counts (absolute); default: the one the command was typed in. */
  dir?: string;
}

export const listTemplates = defineCommand<TemplatesArgs, TemplatesAnswer>({
  name: 'templates',
  summary: 'list the workspace templates (for new --template) and what each starts',
  usage: `tessera templates [--json]

  The templates 'tessera new --template NAME' can use: the built-in ones, yours (the "templates"
  setting; one with a built-in's name replaces it) and those of the project file (.tessera.json at
  the top of the repository you are in, else of this folder). Each line: the name, where it comes
  from, the panes it starts and, in brackets, agents that are not installed here (a workspace made
  from the template leaves them out). Without a running server it reads what a server would (the
  settings, the project file and its approval) and starts none.
  --json   an array of { name, source, description, panes, missing, needsApproval }`,
  flags: [jsonFlag],
  fromCli: () => ({}),
  parse(fields) {
    const dir = optStr(fields.dir, 'dir', 4096);
    if (dir !== undefined && !path.isAbsolute(dir)) throw new InvalidInput(`dir must be an absolute path, not '${dir}'`);
    return dir === undefined ? {} : { dir };
  },
  offline: async (args, caller) => ({ result: await (await import('./offline/templatesOnDisk.js')).storedTemplates(caller, args.dir ?? caller.cwd) }),
  print(answer, args, output) {
    printProblems(answer, output);
    output.out(boolFlag(args, 'json') ? `${terminalJson(answer.templates, 2)}\n` : formatTemplates(answer.templates));
  },
});

/** What the user should hear about where the templates come from (a settings file not in force), on stderr. */
export function printProblems(answer: TemplatesAnswer, output: CommandOutput): void {
  for (const problem of answer.problems) output.err(`tessera: ${problem}\n`);
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
