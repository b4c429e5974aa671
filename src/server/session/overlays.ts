// The overlays one client opens over its panes (help, command palette, file picker, workspace switcher,
// add-pane and new-workspace dialogs, the inbox), and the keys an open overlay takes.

import type { KeyToken } from '../../term/keys/decode.js';
import { clampHelpOffset, helpScrollStep } from '../../app/helpScroll.js';
import { HELP_VISIBLE_ROWS, helpOverlayRect } from '../../app/overlayGeometry.js';
import { checkCommandLine } from '../keys/commandBindings.js';
import type { KeyActions } from '../keys/keyActions.js';
import { listWorkspaceFiles } from '../viewers/workspaceFiles.js';
import { ROUTER_HELP } from './keyRouter.js';
import { COMMAND_LINE_ITEM, actionPalette, listPalette, paletteKey, type PaletteOverlay } from './paletteController.js';
import type { ActionContext } from './actionContext.js';
import { REMOTE_ITEM, remoteChoice, switcherOverlay } from './workspaceSwitcher.js';
import { shownItems } from '../../app/palette/model.js';

/** In the switcher, C-x removes and C-r resets the selected workspace (each through its confirmation). */
function switcherEndKey(overlay: PaletteOverlay, token: KeyToken): { action: 'rm' | 'reset'; name: string } | undefined {
  const key = token.kind === 'key' ? token.key : undefined;
  if (!key?.ctrl || key.alt || key.event === 'release' || (key.name !== 'x' && key.name !== 'r')) return undefined;
  const selected = shownItems(overlay.state)[overlay.state.selected];
  // Another machine's workspace is removed there ('tessera -H HOST rm'), never from here by its shown name.
  if (selected?.item.id.startsWith(REMOTE_ITEM)) return undefined;
  return selected ? { action: key.name === 'x' ? 'rm' : 'reset', name: selected.item.id } : undefined;
}

/** Separates the prefix keys from scroll mode's in the help overlay. */
const SCROLL_HELP_HEADING = { keys: 'in scroll mode', description: '(no prefix there) these keys:' };

export class Overlays {
  constructor(
    private readonly ctx: ActionContext,
    /** What a palette's chosen action runs on. */
    private readonly actions: KeyActions,
    /** Runs an operation the user asked for; a refusal becomes a message. */
    private readonly attempt: (operation: () => unknown) => void,
  ) {}

  /** Rows the overlays may use: the screen less the status bar. */
  private get height(): number {
    return Math.max(1, this.ctx.rows - 1);
  }

  openSwitcher(): void {
    const { workspaces } = this.ctx;
    this.ctx.setChrome({ overlay: switcherOverlay(workspaces.strip(this.ctx.workspace), workspaces.all(), this.ctx.cols, this.height) });
  }

  /** The workspaces to pick one to remove or reset (the one shown first); picking one shows its confirmation. */
  chooseWorkspaceToEnd(action: 'rm' | 'reset'): void {
    const { workspaces, workspace } = this.ctx;
    const listed = workspaces.all().sort((a, b) => Number(b.live === workspace) - Number(a.live === workspace));
    const items = listed.map((w) => ({ id: w.name, label: w.name, detail: [w.live === workspace ? 'shown here' : w.live ? 'open' : 'dormant', w.path].join('  ') }));
    const title = action === 'rm' ? 'Remove a workspace (a confirmation shows what it holds)' : 'Reset a worktree workspace to its base (a confirmation follows)';
    this.ctx.setChrome({ overlay: listPalette(action === 'rm' ? 'remove' : 'reset', title, items, 'no workspace matches', this.ctx.cols, this.height) });
  }

  openAddPane(): void {
    this.ctx.setChrome({ overlay: this.ctx.addPane.open(this.ctx.cols, this.height) });
  }

  openFilePicker(): void {
    const { files, truncated } = listWorkspaceFiles(this.ctx.workspace.cwd);
    const items = files.map((file) => ({ id: file, label: file }));
    const title = truncated ? `View a file (the first ${files.length})` : 'View a file';
    this.ctx.setChrome({ overlay: listPalette('view', title, items, `no files in ${this.ctx.workspace.cwd}`, this.ctx.cols, this.height) });
  }

  openPalette(): void {
    this.ctx.setChrome({ overlay: actionPalette(this.ctx.keys.keymap, this.ctx.cols, this.height) });
  }

  showHelp(): void {
    const { keymap, scrollKeymap, prefix } = this.ctx.keys;
    const bindings = [...keymap.helpRows(), ...ROUTER_HELP, SCROLL_HELP_HEADING, ...scrollKeymap.helpRows()];
    const rect = helpOverlayRect(this.ctx.cols, this.height, bindings);
    this.ctx.setChrome({ overlay: { kind: 'help', prefix: prefix.label, bindings, rect, offset: 0 } });
  }

  /** The terminal changed size: an open help overlay is laid out again for it (and keeps its place). */
  relayout(): void {
    const overlay = this.ctx.chrome.overlay;
    if (overlay.kind === 'new-workspace') this.ctx.newWorkspace.relayout();
    if (overlay.kind === 'confirm-end') this.ctx.confirmEnd.relayout();
    if (overlay.kind === 'inbox') this.ctx.inbox.relayout();
    if (overlay.kind !== 'help') return;
    const rect = helpOverlayRect(this.ctx.cols, this.height, overlay.bindings);
    const offset = clampHelpOffset(overlay.offset, overlay.bindings.length, HELP_VISIBLE_ROWS(rect));
    this.ctx.setChrome({ overlay: { ...overlay, rect, offset } });
  }

  /** An open overlay takes the key: help scrolls or closes, the palette and the add-pane dialog read it. */
  key(token: KeyToken): boolean {
    const overlay = this.ctx.chrome.overlay;
    if (overlay.kind === 'none') return false;
    if (overlay.kind === 'help') {
      const step = helpScrollStep(overlay.offset, overlay.bindings.length, HELP_VISIBLE_ROWS(overlay.rect), token.key?.name);
      this.ctx.setChrome({ overlay: step === 'close' ? { kind: 'none' } : { ...overlay, offset: step } });
      return true;
    }
    if (overlay.kind === 'palette') {
      const ending = overlay.purpose === 'workspace' ? switcherEndKey(overlay, token) : undefined;
      if (ending) {
        this.ctx.setChrome({ overlay: { kind: 'none' } });
        void this.ctx.confirmEnd.open(ending.action, ending.name);
        return true;
      }
      const step = paletteKey(overlay, token);
      if (step.outcome === undefined) this.ctx.setChrome({ overlay: step.overlay });
      else {
        this.ctx.setChrome({ overlay: { kind: 'none' } });
        if ('choose' in step.outcome) this.paletteChose(overlay.purpose, step.outcome.choose);
      }
      return true;
    }
    if (overlay.kind === 'new-workspace') {
      this.ctx.newWorkspace.key(overlay, token);
      return true;
    }
    if (overlay.kind === 'confirm-end') {
      this.ctx.confirmEnd.key(overlay, token);
      return true;
    }
    if (overlay.kind === 'inbox') {
      this.ctx.inbox.key(overlay, token);
      return true;
    }
    const step = this.ctx.addPane.key(overlay, token);
    if ('launch' in step) {
      this.ctx.setChrome({ overlay: { kind: 'none' } });
      this.attempt(() => this.ctx.registry.split(this.ctx.workspace.focusedPaneId, step.side, { launch: step.launch }));
    } else if ('close' in step) {
      this.ctx.setChrome({ overlay: { kind: 'none' } });
    } else {
      this.ctx.setChrome({ overlay: step.overlay, message: 'message' in step ? { text: step.message, tone: 'info' } : undefined });
    }
    return true;
  }

  private runTypedCommand(line: string): void {
    const checked = checkCommandLine(line);
    if (typeof checked === 'string') this.ctx.message(checked, 'error');
    else this.actions.runCommand(checked);
  }

  /** Another machine's workspace: this client goes to show it, or is told why it cannot. */
  private chooseRemote(id: string): void {
    const choice = remoteChoice(id, (host) => this.ctx.isHost(host), this.ctx.opensHosts);
    if ('open' in choice) this.ctx.showHost(choice.open);
    else this.ctx.message(choice.message, choice.tone);
  }

  private paletteChose(purpose: PaletteOverlay['purpose'], id: string): void {
    if (purpose === 'action' && id.startsWith(COMMAND_LINE_ITEM)) this.runTypedCommand(id.slice(COMMAND_LINE_ITEM.length));
    else if (purpose === 'action') void this.ctx.keys.keymap.named(id)?.run(this.actions);
    else if (purpose === 'workspace' && id.startsWith(REMOTE_ITEM)) this.chooseRemote(id);
    else if (purpose === 'workspace') this.attempt(() => this.ctx.showWorkspace(this.ctx.openWorkspace(id)));
    else if (purpose === 'remove' || purpose === 'reset') void this.ctx.confirmEnd.open(purpose === 'remove' ? 'rm' : 'reset', id);
    else if (purpose === 'view')
      this.attempt(() => {
        const opened = this.ctx.viewers.open(this.ctx.workspace, id, this.ctx.workspace.cwd);
        if (opened.existing) this.ctx.message(`${id} is open in pane ${opened.paneId} already`, 'info');
      });
  }
}
