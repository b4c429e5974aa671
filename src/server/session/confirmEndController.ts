// Runs the remove / reset confirmation for one client: asks git for the preflight (in the background)
// and shows it with the permissions off; nothing is stopped while it is only shown. On confirmation
// removal.ts asks git again, stops the workspace's panes, asks git once more, and refuses when the
// workspace differs from what was shown at either point (what a pane wrote as it ended included); a
// refusal shows the newest preflight (panes stopped by then, if it got that far) and why, and the user
// confirms again what is true now.

import type { Overlay } from '../../app/chromeModel.js';
import { confirmEndRect } from '../../app/confirmEnd/geometry.js';
import { confirmEndState, reduceConfirmEnd, type ConfirmEndState } from '../../app/confirmEnd/model.js';
import type { EndAction } from '../../git/endGuards.js';
import type { KeyToken } from '../../term/keys/token.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { workspaceRoot } from '../../store/workspaceRoot.js';
import { removeWorkspace, resetWorkspace, type EndOptions, type Preflight } from '../records/removal.js';
import { workspacePreflight } from '../records/workspacePreflight.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceList } from '../workspaces/workspaceList.js';
import type { DialogHost } from './dialogHost.js';

export type ConfirmEndOverlay = Extract<Overlay, { kind: 'confirm-end' }>;

/** What the confirmation needs from the client session. */
export interface ConfirmEndHost extends DialogHost {
  readonly workspaces: WorkspaceList;
  /** Where the workspace root comes from (no folder outside it is deleted or reset). */
  readonly settingsNow: Settings;
  readonly serverEnv: NodeJS.ProcessEnv;
  openWorkspace(name: string): Workspace;
  /** The client ends (it showed the workspace being removed, and there is no other to show). */
  leave(reason: string): void;
}

export class ConfirmEndController {
  /** Counts opens: an answer for a confirmation that was closed or replaced finds another number here. */
  private shown = 0;
  private disposed = false;
  /** The workspace this client moved away from for a reset that was then refused: shown again once a later reset goes through. */
  private leftForReset: string | undefined;

  constructor(private readonly host: ConfirmEndHost) {}

  /** Asks git what the workspace holds (unless `known` is what it holds now), then shows the confirmation. */
  async open(action: EndAction, name: string, error?: string, known?: Preflight): Promise<void> {
    const shown = ++this.shown;
    if (!error) this.host.message(`checking what ${name} holds…`, 'info');
    try {
      const facts = known ?? (await workspacePreflight(this.host.registry, name, this.root()));
      if (this.disposed || shown !== this.shown) return;
      this.show(confirmEndState(action, facts, error), true);
    } catch (error_) {
      if (!this.disposed && shown === this.shown) this.host.message((error_ as Error).message, 'error');
    }
  }

  key(overlay: ConfirmEndOverlay, token: KeyToken): void {
    if (token.kind !== 'key' || !token.key) return;
    const step = reduceConfirmEnd(overlay.state, token.key);
    if (!step.outcome) {
      if (step.state !== overlay.state) this.show(step.state);
      return;
    }
    if ('close' in step.outcome) {
      this.shown++;
      this.leftForReset = undefined;
      this.host.setChrome({ overlay: { kind: 'none' } });
      if (overlay.state.busy) this.host.message(`still working on ${overlay.state.facts.name}; the outcome shows here`, 'info');
      return;
    }
    this.show(step.state);
    void this.confirm(step.state, step.outcome.confirm);
  }

  /** The screen changed size: the open confirmation is centred again. */
  relayout(): void {
    const overlay = this.host.chrome.overlay;
    if (overlay.kind === 'confirm-end') this.show(overlay.state);
  }

  dispose(): void {
    this.disposed = true;
  }

  /** Draws the confirmation; `fresh`: it has just opened, and the "checking…" line goes. */
  private show(state: ConfirmEndState, fresh = false): void {
    if (this.disposed) return;
    const overlay: Overlay = { kind: 'confirm-end', state, rect: confirmEndRect(this.host.cols, Math.max(1, this.host.rows - 1), state) };
    this.host.setChrome(fresh ? { overlay, message: undefined } : { overlay });
  }

  private root(): string {
    return workspaceRoot(this.host.serverEnv, this.host.settingsNow.workspaceRoot);
  }

  private async confirm(state: ConfirmEndState, choice: Pick<EndOptions, 'expect' | 'force' | 'discardChanges' | 'discardIgnored'>): Promise<void> {
    const shown = this.shown;
    const name = state.facts.name;
    const act = state.action === 'rm' ? removeWorkspace : resetWorkspace;
    let movedAway = false;
    try {
      const outcome = await act(this.host.registry, name, { ...choice, root: this.root(), beforeStop: () => (movedAway = this.moveAwayFrom(name, state.action)) });
      if (this.disposed) return;
      if (!outcome.done) {
        if (movedAway && state.action === 'reset') this.leftForReset = name;
        // Shown again with what is true now, the permissions off: the user looks again and chooses again.
        if (shown === this.shown) await this.open(state.action, name, outcome.message, outcome.preflight);
        else this.host.message(`${name}: ${outcome.message.replace(/\n/g, '; ')}`, 'error');
        return;
      }
      const message = outcome.message;
      const reopen = state.action === 'reset' && (movedAway || this.leftForReset === name);
      this.leftForReset = undefined;
      if (shown === this.shown) this.host.setChrome({ overlay: { kind: 'none' } });
      // A reset workspace this client was showing is opened again (fresh panes on the reset folder) and shown.
      if (reopen) {
        this.host.showWorkspace(this.host.openWorkspace(name));
        this.host.message(message.replace(/; it is dormant, open it to start its panes$/, '; its panes started again'), 'info');
      } else this.host.message(message, 'info');
    } catch (error) {
      if (this.disposed) return;
      const why = (error as Error).message;
      if (shown === this.shown) await this.open(state.action, name, why);
      else this.host.message(`${name}: ${why}`, 'error');
    }
  }

  /** This client shows the workspace whose panes are about to end: it moves to another one first (true when it did). */
  private moveAwayFrom(name: string, action: EndAction): boolean {
    if (this.disposed || this.host.workspace.name !== name) return false;
    const others = this.host.workspaces.all().filter((w) => w.name !== name);
    const next = others.find((w) => w.live) ?? others[0];
    if (!next) {
      const again = action === 'reset' ? `; 'tessera attach -t ${name}' opens it again` : '';
      // The outcome comes after this client has gone: say where to look if the panes, as they stopped, left something that keeps it.
      const check = `; 'tessera ${action} -t ${name}' shows what it holds if it was kept`;
      this.host.leave(`[tessera: workspace ${name} is being ${action === 'reset' ? 'reset' : 'removed'} and there is no other workspace to show${again}${check}]`);
      return false;
    }
    this.host.showWorkspace(this.host.openWorkspace(next.name));
    return true;
  }
}
