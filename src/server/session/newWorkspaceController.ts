// Runs the "new workspace" dialog for one client: opens it with guesses from the workspace on screen,
// reads the repository typed into it (git, in the background), and creates the workspace through the same
// code as `tessera new` without ever holding up the server; then shows it.

import fs from 'node:fs';
import path from 'node:path';
import { listBranches } from '../../git/branches.js';
import { withoutCredentials } from '../../git/cloneUrl.js';
import { defaultBranch, repoTop } from '../../git/repo.js';
import { DIALOG_PROGRESS_TICK_MS, REPO_READ_DELAY_MS } from '../../limits.js';
import type { Overlay } from '../../app/chromeModel.js';
import { newWorkspaceRect } from '../../app/newWorkspace/geometry.js';
import type { NewWorkspaceRequest, NewWorkspaceState } from '../../app/newWorkspace/model.js';
import { createFailed, creating, initialNewWorkspaceState, pasteIntoDialog, reduceNewWorkspace, repoRead } from '../../app/newWorkspace/reducer.js';
import { withTemplates } from '../../app/newWorkspace/templateChoice.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { KeyToken } from '../../term/keys/token.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import { createWorkspace, type WorkspaceRequest } from '../records/createWorkspace.js';
import { tildify } from '../tildify.js';
import type { DialogHost } from './dialogHost.js';
import { DialogTemplates } from './dialogTemplates.js';
import { looksLikeRepo, resolveTypedPath } from './typedPath.js';

export type NewWorkspaceOverlay = Extract<Overlay, { kind: 'new-workspace' }>;

/** What the dialog needs from the client session. */
export interface NewWorkspaceHost extends DialogHost {
  /** The settings in force now. */
  readonly settingsNow: Settings;
  /** The server's environment (HOME for `~`, the workspace root). */
  readonly serverEnv: NodeJS.ProcessEnv;
  /** How to press an action ("C-\\ g"), as the keys in force say. */
  keyHint(action: string): string;
}

export class NewWorkspaceController {
  private readTimer: ReturnType<typeof setTimeout> | undefined;
  /** The repo text last read (or being read), so each text is read once. */
  private readFor: string | undefined;
  /** The progress clocks of creates under way (a hidden one may still run when the dialog opens again). */
  private readonly ticks = new Set<ReturnType<typeof setInterval>>();
  /** Counts opens: an answer for a dialog that was closed or hidden finds another number here. */
  private shown = 0;
  private disposed = false;

  /** The templates offered for the folder or repository chosen. */
  private readonly templates: DialogTemplates;

  constructor(private readonly host: NewWorkspaceHost) {
    this.templates = new DialogTemplates(host, (shown, templates) => {
      const state = this.current(shown);
      if (state) this.show(withTemplates(state, templates));
    });
  }

  open(): void {
    const workspace = this.host.workspace;
    const inRepo = looksLikeRepo(workspace.cwd);
    const repo = workspace.origin.kind === 'worktree' && workspace.origin.repo ? workspace.origin.repo : inRepo ? workspace.cwd : '';
    const state = initialNewWorkspaceState({
      kind: inRepo ? 'worktree' : 'adopt',
      folder: `${tildify(path.dirname(workspace.cwd))}/`.replace(/\/+$/, '/'),
      repo: repo === '' ? '' : tildify(repo),
      taken: this.host.registry.all().map((w) => w.record.name),
      branchPrefix: this.host.settingsNow.branchPrefix,
      templates: this.templates.onScreen(),
    });
    this.shown++;
    this.readFor = undefined;
    // The repository it starts with is read at once; one being typed, once typing pauses.
    this.show(state, 0);
  }

  /** A key for the open dialog. */
  key(overlay: NewWorkspaceOverlay, token: KeyToken): void {
    let step;
    if (token.kind === 'paste' && token.paste !== undefined) step = pasteIntoDialog(overlay.state, token.paste);
    else if (token.kind === 'key' && token.key) step = reduceNewWorkspace(overlay.state, token.key);
    else return;
    const outcome = step.outcome;
    if (!outcome) {
      if (step.state !== overlay.state) this.show(step.state);
      return;
    }
    if ('close' in outcome) this.close();
    else if ('hide' in outcome) {
      this.shown++; // its answer goes to the status bar now
      this.host.setChrome({ overlay: { kind: 'none' } });
      this.host.message(`still creating the workspace; it is listed (${this.host.keyHint('switch-workspace')}) once ready`, 'info');
    } else void this.create(step.state, outcome.create);
  }

  /** The screen changed size: the open dialog is centred again. */
  relayout(): void {
    const overlay = this.host.chrome.overlay;
    if (overlay.kind === 'new-workspace') this.show(overlay.state);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.readTimer);
    this.templates.forget();
    for (const tick of this.ticks) clearInterval(tick);
  }

  private close(): void {
    clearTimeout(this.readTimer);
    this.templates.forget();
    this.shown++;
    this.host.setChrome({ overlay: { kind: 'none' } });
  }

  /** Draws the dialog with this state (if it is still the one shown), and reads the repository when its text changed. */
  private show(state: NewWorkspaceState, readDelay = REPO_READ_DELAY_MS): void {
    if (this.disposed) return;
    this.host.setChrome({ overlay: { kind: 'new-workspace', state, rect: newWorkspaceRect(this.host.cols, Math.max(1, this.host.rows - 1), state) } });
    if (state.repoInfo.status === 'reading' && state.text.repo !== this.readFor) this.scheduleRead(state.text.repo, readDelay);
    this.templates.follow(state, this.shown, readDelay);
  }

  /** The dialog as shown now, when it is the one opened `shown` times (not closed, hidden or replaced since). */
  private current(shown: number): NewWorkspaceState | undefined {
    const overlay = this.host.chrome.overlay;
    return shown === this.shown && overlay.kind === 'new-workspace' ? overlay.state : undefined;
  }

  private scheduleRead(repoText: string, delay: number): void {
    clearTimeout(this.readTimer);
    this.readFor = repoText;
    const shown = this.shown;
    this.readTimer = setTimeout(() => void this.readRepo(repoText, shown), delay);
  }

  private async readRepo(repoText: string, shown: number): Promise<void> {
    const result = await this.inspect(repoText);
    const state = this.current(shown);
    if (state) this.show(repoRead(state, repoText, result));
  }

  private async inspect(repoText: string): Promise<Parameters<typeof repoRead>[2]> {
    if (repoText.trim() === '') return { message: 'type the folder of a git repository' };
    const dir = resolveTypedPath(repoText, this.host.workspace.cwd, this.host.serverEnv.HOME);
    if (!fs.existsSync(dir)) return { message: `no folder ${tildify(dir)}` };
    try {
      const top = await repoTop(dir);
      if (!top) return { message: `${tildify(dir)} is not in a git repository` };
      const [branches, main] = await Promise.all([listBranches(top), defaultBranch(top)]);
      return { branches: branches.map((b) => (b.holder ? { ...b, holder: tildify(b.holder) } : b)), defaultBranch: main };
    } catch (error) {
      return { message: (error as Error).message };
    }
  }

  /** Creates the workspace; progress and a failure show in the dialog, success shows the workspace. */
  private async create(state: NewWorkspaceState, request: NewWorkspaceRequest): Promise<void> {
    const shown = this.shown;
    const started = performance.now();
    const what = this.doing(request);
    const progress = () => {
      const now = this.current(shown);
      if (now) this.show(creating(now, `${what}… ${Math.floor((performance.now() - started) / 1000)} s`));
    };
    this.show(creating(state, `${what}…`));
    const tick = setInterval(progress, DIALOG_PROGRESS_TICK_MS);
    this.ticks.add(tick);
    try {
      if (request.prompt !== undefined) checkPrompt(request.prompt);
      const { workspace, note } = await createWorkspace(this.workspaceRequest(request), {
        registry: this.host.registry,
        settings: this.host.settingsNow,
        env: this.host.serverEnv,
        requestDir: this.host.workspace.cwd,
      });
      if (this.disposed) return;
      if (this.current(shown)) {
        this.close();
        this.host.showWorkspace(workspace);
        if (note) this.host.message(note, 'error');
      } else {
        this.host.message(`workspace ${workspace.name} is ready (${this.host.keyHint('switch-workspace')} switches to it)${note ? `; ${note}` : ''}`, note ? 'error' : 'info');
      }
    } catch (error) {
      const message = oneLine((error as Error).message);
      const now = this.current(shown);
      if (now) this.show(createFailed(now, message));
      else if (!this.disposed) this.host.message(`workspace ${request.name} was not created: ${message}`, 'error');
    } finally {
      clearInterval(tick);
      this.ticks.delete(tick);
    }
  }

  private doing(request: NewWorkspaceRequest): string {
    if (request.kind === 'adopt') return `opening ${request.folder}`;
    if (request.kind === 'clone') return `cloning ${withoutCredentials(request.url)}`;
    return `making worktree ${request.name} of ${request.repo}`;
  }

  private workspaceRequest(request: NewWorkspaceRequest): WorkspaceRequest {
    const { cwd } = this.host.workspace;
    const home = this.host.serverEnv.HOME;
    const common = {
      name: request.name,
      settings: { prompt: request.prompt, bypassPermissions: request.bypassPermissions },
      launch: { requestDir: cwd },
      size: { cols: this.host.cols, rows: this.host.rows },
      template: request.template,
    };
    if (request.kind === 'adopt') return { ...common, kind: 'adopted', cwd: resolveTypedPath(request.folder, cwd, home) };
    if (request.kind === 'clone') {
      // A local folder to clone is typed like any path; a URL is passed as it is.
      const local = /^[~./]/.test(request.url) ? resolveTypedPath(request.url, cwd, home) : request.url;
      return { ...common, kind: 'clone', url: local, branch: request.branch };
    }
    return { ...common, kind: 'worktree', repoDir: resolveTypedPath(request.repo, cwd, home), branch: request.branch, base: request.base };
  }
}

/** Errors show on one line of the dialog. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
