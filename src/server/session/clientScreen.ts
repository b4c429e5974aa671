// One client's frames: the chrome model built from the session's state, the painter that draws it with the
// panes, the pacer that decides when, and the terminal title and mouse modes that follow the panes.

import type { Palette } from '../../app/theme/palettes.js';
import type { ApprovalBarModel } from '../../app/chromeModel.js';
import { SCROLL_INDICATOR_INTERVAL_MS } from '../../limits.js';
import type { Emulator } from '../../term/emulator.js';
import { keyLabel } from '../keys/keyLabel.js';
import type { Keymap } from '../keys/keymap.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceList } from '../workspaces/workspaceList.js';
import { buildChromeModel } from './buildChromeModel.js';
import type { ChromeState } from './chromeState.js';
import { ClientFrames } from './clientFrames.js';
import { OuterMouse, outerMouseMode } from './outerMouse.js';
import { OuterTitle } from './outerTitle.js';
import { Painter } from './painter.js';
import type { ScrollModes } from './scrollModes.js';

/** What the screen reads from the session at each frame. */
export interface ScreenSource {
  readonly workspace: Workspace;
  readonly chrome: ChromeState;
  readonly cols: number;
  readonly rows: number;
  readonly registry: WorkspaceRegistry;
  readonly workspaces: WorkspaceList;
  readonly scrolls: ScrollModes;
  /** The prefix and keymap in force now. */
  readonly keys: { prefix: { label: string }; keymap: Keymap; palette: Palette };
  /** Panes that need the user on the connected hosts (their servers' counts), added to this machine's. */
  hostsNeedYou?(): number;
  /** Brings what the chrome shows up to date just before it is built (an open inbox reads the questions again). */
  beforeChrome?(): void;
}

/** Where the frames go. */
export interface ScreenOutput {
  /** Bytes for the user's terminal. */
  send(bytes: string): void;
  /** Bytes queued on the socket and not yet sent. */
  backlog(): number;
  onceDrained(callback: () => void): void;
  /** False once the client has gone: nothing more is drawn. */
  isOpen(): boolean;
  /** The `setTitle` setting. */
  setsTitle(): boolean;
  /** The `mouse` setting. */
  mouseEnabled(): boolean;
}

export class ClientScreen {
  private readonly painter: Painter;
  private readonly frames: ClientFrames;
  private readonly title: OuterTitle;
  private readonly outerMouse: OuterMouse;
  private indicatorTimer: ReturnType<typeof setTimeout> | undefined;
  /** The approval bar as last drawn: keys pressed on it answer what it shows, nothing newer. */
  private shownBar: ApprovalBarModel | undefined;

  constructor(
    private readonly source: ScreenSource,
    private readonly output: ScreenOutput,
    size: { cols: number; rows: number; trueColor: boolean },
  ) {
    this.painter = new Painter(size.cols, size.rows, size.trueColor);
    this.title = new OuterTitle((bytes) => output.send(bytes));
    this.outerMouse = new OuterMouse((bytes) => output.send(bytes));
    this.frames = new ClientFrames(this.painter, {
      render: () => {
        if (!output.isOpen()) return '';
        if (this.painter.chromeIsPending) this.buildChrome();
        return this.painter.render(source.workspace, source.chrome.overlay.kind !== 'none', (id) => source.scrolls.of(id));
      },
      send: (bytes) => output.send(bytes),
      // A pane's mouse mode changes with its output (or its exit): the terminal follows at the next frame.
      painted: () => this.followMouse(),
      backlog: () => output.backlog(),
      onceDrained: (resume) => output.onceDrained(resume),
    });
  }

  /** The user typed: what answers it soon is drawn at once. */
  noteInput(): void {
    this.frames.noteInput();
  }

  /** A reply from the user's terminal; true when it said it drew a frame (consumed here). */
  reply(raw: string): boolean {
    return this.frames.reply(raw);
  }

  resize(cols: number, rows: number): void {
    this.painter.resize(cols, rows);
  }

  setTrueColor(trueColor: boolean): void {
    this.painter.setTrueColor(trueColor);
  }

  /** The next frame draws every cell (attach, another workspace, a redraw asked for). */
  repaintAll(): void {
    this.painter.repaintAll();
  }

  /** A pane's cells changed: draw them in the next frame. */
  paneChanged(emulator: Emulator): void {
    this.painter.markDirty(emulator);
    this.frames.request();
  }

  markDirty(emulator: Emulator): void {
    this.painter.markDirty(emulator);
  }

  /** Paint soon (cells already marked). */
  request(): void {
    this.frames.request();
  }

  /** Output arrived in a scrolled pane: its header position changes, redrawn at a modest pace (not per chunk). */
  scheduleIndicator(): void {
    if (this.indicatorTimer !== undefined) return;
    this.indicatorTimer = setTimeout(() => {
      this.indicatorTimer = undefined;
      this.refresh();
    }, SCROLL_INDICATOR_INTERVAL_MS);
  }

  /** Asks the terminal for the mouse reports the setting and the panes on screen need (again, when `force`). */
  followMouse(force = false): void {
    this.outerMouse.set(outerMouseMode(this.output.mouseEnabled(), this.source.workspace), force);
  }

  /** Rebuilds the chrome from the session's state and paints soon. */
  refresh(): void {
    if (!this.output.isOpen()) return;
    this.buildChrome();
    this.frames.request();
  }

  /**
   * Something the chrome shows changed elsewhere (a pane's title or status): the chrome is built
   * again when the next frame is drawn, so a program that changes its title thousands of times a
   * second costs one chrome (and one title for the terminal) per frame, not one per change.
   */
  refreshAtNextFrame(): void {
    if (!this.output.isOpen()) return;
    this.painter.chromeChanged();
    this.frames.request();
  }

  private buildChrome(): void {
    const source = this.source;
    source.beforeChrome?.();
    const { prefix, keymap, palette } = source.keys;
    const model = buildChromeModel(source.workspace, source.chrome, {
      screen: { cols: source.cols, rows: source.rows },
      prefixLabel: prefix.label,
      keyOf: (action) => {
        const key = keymap.keysOf(action)[0];
        return key === undefined ? undefined : keyLabel(key);
      },
      needYou: source.registry.needYou() + (source.hostsNeedYou?.() ?? 0),
      scrollIndicator: (paneId) => source.scrolls.indicator(paneId),
      strip: source.workspaces.strip(source.workspace),
      palette,
    });
    this.shownBar = model.status.approval;
    this.painter.updateChrome(model);
    this.title.update(source.workspace.focusedPane.title, this.output.setsTitle());
  }

  /** The approval bar this client shows (the model of its latest chrome), if any. */
  get approvalBar(): ApprovalBarModel | undefined {
    return this.shownBar;
  }

  /** Frames are being skipped until the client's terminal takes what waits (for `server-info`). */
  get skippingFrames(): boolean {
    return this.frames.skipping;
  }

  dispose(): void {
    clearTimeout(this.indicatorTimer);
    this.frames.dispose();
    this.painter.dispose();
  }
}
