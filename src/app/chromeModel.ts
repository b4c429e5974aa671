// What the chrome shows, as plain data: the server builds it, the Ink components draw it.

import type { Palette } from './theme/palettes.js';
import type { AddPaneState } from './addPane/model.js';
import type { ConfirmEndState } from './confirmEnd/model.js';
import type { InboxState } from './inbox/model.js';
import type { NewWorkspaceState } from './newWorkspace/model.js';
import type { StripEntry } from './strip/model.js';
import type { PaletteState } from './palette/model.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pill on a pane's header. */
export type PaneStatus = 'not installed' | 'starting' | 'running' | 'approval' | 'idle' | 'asleep' | 'exited' | 'error';

export interface PaneHeaderModel {
  id: number;
  rect: Rect;
  title: string;
  status: PaneStatus;
  exitCode?: number;
  focused: boolean;
  zoomed: boolean;
  /** The pane finished a turn or waits for the user while nobody was looking. */
  attention: boolean;
  /** The pane rang the bell while it could not be seen. */
  rang?: boolean;
  /** The pane is marked for synchronized input (it gets what is typed into any marked pane). */
  synced?: boolean;
  /** In scroll mode (for this client): the position, `[lines back/history]`. */
  scroll?: string;
}

export interface KeyHelpEntry {
  keys: string;
  description: string;
}

export type Overlay =
  | { kind: 'help'; prefix: string; bindings: KeyHelpEntry[]; rect: Rect; /** First binding shown (the list scrolls when it does not fit). */ offset: number }
  | { kind: 'add-pane'; state: AddPaneState; rect: Rect }
  | { kind: 'new-workspace'; state: NewWorkspaceState; rect: Rect }
  /** Remove or reset a workspace: its preflight, and permissions that are off until turned on. */
  | { kind: 'confirm-end'; state: ConfirmEndState; rect: Rect }
  /** Every question waiting in any workspace, answered from here. */
  | { kind: 'inbox'; state: InboxState; rect: Rect }
  /** `purpose` says what choosing an item does: run an action, or open a file in a viewer. */
  | { kind: 'palette'; purpose: 'action' | 'view' | 'workspace' | 'remove' | 'reset'; state: PaletteState; rect: Rect }
  | { kind: 'none' };

/** One pane waiting for the user's permission or answer. */
export interface WaitingPane {
  paneId: number;
  agent: string;
  /** What it asks, read off its screen (the command, file or question). */
  question: string;
  /** The id of that question: keys pressed on the bar answer this question and no other. */
  questionId?: string;
}

/** The approval bar: shown in the bottom row whenever a pane of this workspace waits; nothing hides it. */
export interface ApprovalBarModel {
  waiting: WaitingPane[];
  /** The pane that prefix+y / n / Esc answer, if any (see the ownership rule). */
  owner?: number;
  /** Why nobody answers, when several wait and the focused pane is not one of them. */
  reason?: string;
  keys: { allow: string; deny: string; abort: string; jump: string };
}

export interface StatusBarModel {
  workspace: string;
  paneCount: number;
  /**
   * A one-line message: a notice (info, error; it clears itself) or a prompt that takes the next key (a confirmation,
   * the search line). With the approval bar, only a prompt, shown in the slot of the workspace name.
   */
  message?: { text: string; tone: 'info' | 'error' | 'question' };
  /** The prefix was pressed and tessera waits for the command key. */
  prefixPending: boolean;
  prefixLabel: string;
  /** The keys (after the prefix) of the actions the hints name; absent when unbound. */
  hintKeys: { help?: string; detach?: string };
  /** Panes anywhere on the server that finished or wait while nobody looked ("2 need you"). */
  needYou: number;
  approval?: ApprovalBarModel;
}

export interface ChromeModel {
  cols: number;
  rows: number;
  /** Every workspace, for the strip above the status bar. */
  strip?: StripEntry[];
  headers: PaneHeaderModel[];
  dividers: Rect[];
  status: StatusBarModel;
  overlay: Overlay;
  /** The colours everything is drawn in (the theme setting's); the dark theme's when absent. */
  palette?: Palette;
}
