// Which templates a new workspace can use: the built-in ones, the user's own from the settings (a
// name there replaces the built-in of that name), and those of the project's .tessera.json (which
// never replace either). `listTemplates` is what `tessera templates` and the new-workspace dialog show.
// All of it is read from files and the PATH, so the command line lists them without a server too.

import { AgentCatalog } from '../agents/agentCatalog.js';
import { BUILTIN_TEMPLATES } from './builtinTemplates.js';
import { configDirectory } from './configDir.js';
import type { ProjectLook } from './projectLook.js';
import type { Settings } from './settingsDefaults.js';
import { describeTemplatePane, type WorkspaceTemplate } from './workspaceTemplate.js';

export type TemplateSource = 'built-in' | 'settings' | 'project';

export interface TemplateEntry {
  template: WorkspaceTemplate;
  source: TemplateSource;
}

/** A project file's templates and whether the user approved that file as it is now. */
export interface ProjectTemplates {
  /** The file's path, for messages. */
  file: string;
  templates: WorkspaceTemplate[];
  approved: boolean;
}

/** Everything that decides which templates exist and what of them can start here. */
export interface TemplateSources {
  settings: Settings;
  catalog: AgentCatalog;
  /** tessera's config directory (agent pins) and the PATH agents are looked up in. */
  configDir: string;
  envPath: string | undefined;
  project?: ProjectTemplates;
  /** Why the settings file is not in force, if it is not: its templates are then unknown too. */
  settingsError?: string;
}

export interface TemplateSummary {
  name: string;
  source: TemplateSource;
  /** The template's own description, else its panes joined with ' | '. */
  description: string;
  /** What each pane starts: an agent's kind, 'shell', or a command line. */
  panes: string[];
  /** Agents of the template that are not installed here (left out when it is used). */
  missing: string[];
  /** A project template whose file the user has not approved yet: nothing of it runs until then. */
  needsApproval: boolean;
}

/** What `tessera templates` answers: the list, and what the user should hear about its sources. */
export interface TemplatesAnswer {
  templates: TemplateSummary[];
  problems: string[];
}

/**
 * The templates for a folder whose project file is `look` (undefined: none is read), under the settings in force
 * (`settingsError`: why the file is not) and the PATH of `env`; `approvalsProblem`: what went wrong reading the
 * project approvals. The server answers with it, and so does the command line when no server runs.
 */
export function templatesAnswer(settings: Settings, settingsError: string | undefined, env: NodeJS.ProcessEnv, look: ProjectLook | undefined, approvalsProblem: string | undefined): TemplatesAnswer {
  const problems = [settingsError === undefined ? undefined : settingsNotInUse(settingsError), look?.problem, approvalsProblem].filter((p) => p !== undefined);
  return { templates: listTemplates(templateSources(settings, env, projectTemplates(look), settingsError)), problems };
}

/** The project's templates as the template catalog takes them. */
export function projectTemplates(look: ProjectLook | undefined): ProjectTemplates | undefined {
  return look?.project ? { file: look.project.file, templates: look.project.templates, approved: look.approved } : undefined;
}

/** Every template by name, in the order they are listed: built-in, then the settings', then the project's. */
export function availableTemplates(sources: Pick<TemplateSources, 'settings' | 'project'>): TemplateEntry[] {
  const own = sources.settings.templates;
  const entries: TemplateEntry[] = [
    ...BUILTIN_TEMPLATES.filter((t) => !own.some((o) => o.name === t.name)).map((template) => ({ template, source: 'built-in' as const })),
    ...own.map((template) => ({ template, source: 'settings' as const })),
  ];
  for (const template of sources.project?.templates ?? []) {
    if (!entries.some((e) => e.template.name === template.name)) entries.push({ template, source: 'project' });
  }
  return entries;
}

/** Why the settings' own templates and custom agents are missing, when the settings file has a mistake. */
export function settingsNotInUse(settingsError: string): string {
  return `the settings file is not in use, so neither are its templates and custom agents: ${settingsError}`;
}

/**
 * The templates' sources as a server sees them now (settings in force, its PATH);
 * `settingsError` says why the settings file is not in force, if it is not.
 */
export function templateSources(settings: Settings, env: NodeJS.ProcessEnv, project?: ProjectTemplates, settingsError?: string): TemplateSources {
  const catalog = new AgentCatalog(settings.customAgents, settingsError);
  return { settings, catalog, configDir: configDirectory(env), envPath: env.PATH, project, ...(settingsError === undefined ? {} : { settingsError }) };
}

export function listTemplates(sources: TemplateSources): TemplateSummary[] {
  return availableTemplates(sources).map(({ template, source }) => {
    const panes = template.panes.map(describeTemplatePane);
    return {
      name: template.name,
      source,
      description: template.description ?? panes.join(' | '),
      panes,
      missing: template.panes.flatMap((p) => ('agent' in p && !agentInstalled(p.agent, sources) ? [p.agent] : [])),
      needsApproval: source === 'project' && !(sources.project?.approved ?? false),
    };
  });
}

/** An unknown agent counts as installed here: using the template reports it as unknown instead. */
export function agentInstalled(kind: string, sources: Pick<TemplateSources, 'catalog' | 'configDir' | 'envPath'>): boolean {
  const entry = sources.catalog.find(kind);
  return entry === undefined || sources.catalog.isInstalled(entry, { configDir: sources.configDir, envPath: sources.envPath });
}
