// The templates the "new workspace" dialog offers for the folder (adopt) or repository (worktree) chosen
// in it: the built-in ones, the user's, and that project file's (marked while it needs approval; a
// chosen one then starts a shell and waits, as with 'tessera new'). Read again when the choice changes.

import fs from 'node:fs';
import type { NewWorkspaceState, TemplateOption } from '../../app/newWorkspace/model.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { sourceRepoFolder } from '../../git/repo.js';
import { workspacePlace, type ProjectLook } from '../project/projectTrust.js';
import { projectTemplates } from '../../store/templateCatalog.js';
import { listTemplates, templateSources } from '../templates/index.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { resolveTypedPath } from './typedPath.js';

export interface DialogTemplatesHost {
  readonly registry: WorkspaceRegistry;
  readonly workspace: Workspace;
  readonly settingsNow: Settings;
  readonly serverEnv: NodeJS.ProcessEnv;
}

export class DialogTemplates {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** What the offered templates are (or are being read) for: the kind and the folder or repository text. */
  private readFor: string | undefined;

  constructor(
    private readonly host: DialogTemplatesHost,
    /** The templates for the dialog opened `shown` times, read for the choice it has now. */
    private readonly read: (shown: number, templates: TemplateOption[]) => void,
  ) {}

  /** The templates of the workspace on screen's project: what the dialog opens with, before its choice is read. */
  onScreen(): TemplateOption[] {
    const { workspace } = this.host;
    return this.options(this.host.registry.projects.look(workspacePlace(workspace)));
  }

  /** Reads the templates again when the folder or repository chosen changed since they were read. */
  follow(state: NewWorkspaceState, shown: number, delay: number): void {
    const key = keyOf(state);
    if (key === this.readFor) return;
    this.readFor = key;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.lookFor(state).then((look) => {
        if (this.readFor === key) this.read(shown, this.options(look));
      });
    }, delay);
  }

  /** The dialog closed: the next one reads afresh. */
  forget(): void {
    clearTimeout(this.timer);
    this.readFor = undefined;
  }

  private options(look: ProjectLook | undefined): TemplateOption[] {
    return listTemplates(templateSources(this.host.settingsNow, this.host.serverEnv, projectTemplates(look))).map((t) => {
      const notes = [t.missing.length > 0 ? `not installed, left out: ${t.missing.join(', ')}` : '', t.needsApproval ? "from .tessera.json, needs approval: 'tessera trust'" : ''];
      const note = notes.filter((n) => n !== '').join('; ');
      return { name: t.name, description: note === '' ? t.description : `${t.description} (${note})` };
    });
  }

  /** The project file a workspace made from this choice would read (a clone's is known only once cloned). */
  private async lookFor(state: NewWorkspaceState): Promise<ProjectLook | undefined> {
    if (state.kind === 'clone') return undefined;
    const text = state.kind === 'adopt' ? state.text.folder : state.text.repo;
    if (text.trim() === '') return undefined;
    const dir = resolveTypedPath(text, this.host.workspace.cwd, this.host.serverEnv.HOME);
    if (!isDirectory(dir)) return undefined;
    const folder = state.kind === 'adopt' ? dir : await sourceRepoFolder(dir).catch(() => undefined);
    return folder === undefined ? undefined : this.host.registry.projects.look(folder);
  }
}

function keyOf(state: NewWorkspaceState): string {
  if (state.kind === 'clone') return 'clone';
  return state.kind === 'adopt' ? `adopt:${state.text.folder}` : `worktree:${state.text.repo}`;
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
