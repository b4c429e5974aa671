// A workspace template: a name and the panes a new workspace starts with (agents, shells, commands).
// Read from the settings file and from a project's .tessera.json, so parsed strictly.

import { InvalidInput, oneOf, optStr, record, str, strArray } from '../protocol/validate.js';

/** An agent by kind (claude, codex, … or a custom one), the workspace's shell, or a program with its arguments. */
export type TemplatePane = { agent: string } | { shell: true } | { command: string[] };

/**
 * How the panes are arranged: `tiled` two columns (the first pane on the left), `columns` all side by
 * side, `rows` all stacked, `bottom` all side by side with the last one below them, full width.
 */
export const TEMPLATE_LAYOUTS = ['tiled', 'columns', 'rows', 'bottom'] as const;
export type TemplateLayout = (typeof TEMPLATE_LAYOUTS)[number];

export interface WorkspaceTemplate {
  name: string;
  /** One line shown by `tessera templates` (default: the panes it starts). */
  description?: string;
  /** Default `tiled`. */
  layout?: TemplateLayout;
  panes: TemplatePane[];
}

/** Lowercase, so `--template Pair` is not a second template; `+` reads well in names like `claude+shell`. */
const TEMPLATE_NAME = /^[a-z0-9][a-z0-9.+_-]{0,63}$/;
/** More panes than this would not fit a terminal side by side; a template is a starting point. */
export const MAX_TEMPLATE_PANES = 8;
/** More templates than this in one file is a mistake, not a configuration. */
const MAX_TEMPLATES = 64;

export function parseTemplates(value: unknown, what: string): WorkspaceTemplate[] {
  if (!Array.isArray(value) || value.length > MAX_TEMPLATES) throw new InvalidInput(`${what} must be a list (at most ${MAX_TEMPLATES})`);
  const templates = value.map((t, i) => parseTemplate(t, `${what}[${i}]`));
  const names = new Set<string>();
  for (const t of templates) {
    if (names.has(t.name)) throw new InvalidInput(`${what}: template '${t.name}' is defined twice`);
    names.add(t.name);
  }
  return templates;
}

export function parseTemplate(value: unknown, what: string): WorkspaceTemplate {
  const f = record(value, what);
  const name = str(f.name, `${what}.name`, 64);
  if (!TEMPLATE_NAME.test(name)) throw new InvalidInput(`${what}.name must be lowercase letters, digits, '.', '+', '_' or '-' (at most 64)`);
  const description = optStr(f.description, `${what}.description`, 200);
  if (!Array.isArray(f.panes) || f.panes.length === 0 || f.panes.length > MAX_TEMPLATE_PANES) {
    throw new InvalidInput(`${what}.panes must list 1 to ${MAX_TEMPLATE_PANES} panes`);
  }
  const panes = f.panes.map((p, i) => parsePane(p, `${what}.panes[${i}]`));
  const template: WorkspaceTemplate = { name, panes };
  if (description !== undefined) template.description = description;
  if (f.layout !== undefined) template.layout = oneOf(f.layout, `${what}.layout`, TEMPLATE_LAYOUTS);
  return template;
}

/** `"claude"`, `"shell"`, `{ "agent": "codex" }`, `{ "shell": true }` or `{ "command": ["npm", "run", "dev"] }`. */
function parsePane(value: unknown, what: string): TemplatePane {
  if (typeof value === 'string') {
    const name = str(value, what, 64);
    if (name === '') throw new InvalidInput(`${what} is empty`);
    return name === 'shell' ? { shell: true } : { agent: name };
  }
  const pane = record(value, what);
  const given = ['agent', 'shell', 'command'].filter((k) => pane[k] !== undefined);
  if (given.length !== 1) throw new InvalidInput(`${what} needs exactly one of "agent", "shell" or "command"`);
  if (pane.agent !== undefined) return { agent: str(pane.agent, `${what}.agent`, 64) };
  if (pane.shell !== undefined) {
    if (pane.shell !== true) throw new InvalidInput(`${what}.shell must be true`);
    return { shell: true };
  }
  const command = strArray(pane.command, `${what}.command`, 64);
  if (command.length === 0 || command[0] === '') throw new InvalidInput(`${what}.command is empty`);
  return { command };
}

/** What a pane of a template starts, in a word or a command line: `claude`, `shell`, `npm run dev`, `sh -c 'make all'`. */
export function describeTemplatePane(pane: TemplatePane): string {
  if ('agent' in pane) return pane.agent;
  if ('shell' in pane) return 'shell';
  return pane.command.map(quoteArg).join(' ');
}

/** An argument as a shell would need it, so the line shown is exactly what runs. */
function quoteArg(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
