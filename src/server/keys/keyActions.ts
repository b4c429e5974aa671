// What the key bindings can do, implemented by the client session (one instance per attached client).

import type { ScreenDirection, SplitSide } from '../../mosaic/index.js';

export interface KeyActions {
  split(side: SplitSide): void;
  focus(direction: ScreenDirection): void;
  focusNext(step: 1 | -1): void;
  resizeBorder(direction: ScreenDirection, cells: number): void;
  equalize(): void;
  zoom(): void;
  askClose(): void;
  detach(): void;
  redraw(): void;
  showHelp(): void;
  /** Marks or unmarks the focused pane for synchronized input. */
  syncPane(): void;
  /** Marks every pane of the workspace for synchronized input (on), or none (off). */
  syncAll(on: boolean): void;
  /** Opens the file picker: a file of the workspace folder, chosen by name, opens in a viewer pane. */
  openFilePicker(): void;
  /** Opens the command palette: every action, searched by name, run with Enter. */
  openPalette(): void;
  /** Opens the "add a pane" dialog (agents and shells). */
  openAddPane(): void;
  /** Answers the pane that owns the approval (see the ownership rule). */
  answer(answer: 'allow' | 'deny' | 'abort'): void;
  /** Enters scroll mode in the focused pane (PageUp: and goes one page back at once). */
  scrollMode(pageUp: boolean): void;
  /** Opens the inbox: every question agents wait on, in every workspace. */
  openInbox(): void;
  /** Focuses the next pane, in any workspace, that waits for the user or finished while nobody looked. */
  jumpToWaiting(): void;
  /** Shows the workspace with that number in the strip (1–9). */
  switchToDigit(digit: number): void;
  /** Opens the workspace switcher: every workspace, dormant ones too, searched by name. */
  openSwitcher(): void;
  /** Opens the "new workspace" dialog: adopt a folder, or make a git worktree or clone. */
  openNewWorkspace(): void;
  /** Lists the workspaces to remove or reset one; its confirmation shows what it holds. */
  chooseWorkspaceToEnd(action: 'rm' | 'reset'): void;
  /** Opens the workspace's diff (untracked files included) in a viewer pane, or focuses and refreshes the open one. */
  viewDiff(): void;
  /** Opens the workspace's stack logs in a viewer pane that follows them, or focuses the open one. */
  viewLogs(): void;
  /** Puts the focused agent pane to sleep (its program ends, the pane stays; Enter wakes it). */
  sleepFocused(): void;
  /** Runs a tessera command line (a `bind` setting's), as typed in the focused pane; its output shows in the status bar. */
  runCommand(argv: string[]): void;
}
