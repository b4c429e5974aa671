// Every action a key can run, by name: the one table that key dispatch, the help overlay, the command
// palette and the `keys` setting all read. To add an action, add a row here and a method to KeyActions.

import type { KeyActions } from './keyActions.js';

export interface KeyAction {
  /** The name users write in the `keys` setting and see in the palette (lowercase, words joined by '-'). */
  name: string;
  description: string;
  /** Keys pressed after the prefix (key specs as in the settings: `%`, `S-Left`, `Escape`, `C-o`). */
  keys: string[];
  /**
   * Actions that share a group are shown as one row in the help overlay (focus left/right/up/down),
   * described by the group's text.
   */
  group?: string;
  run(actions: KeyActions): void | Promise<void>;
}

/** Cells a resize key moves a border by. */
const RESIZE_STEP_COLS = 2;
const RESIZE_STEP_ROWS = 1;

const FOCUS = 'focus the pane in that direction';
const FOCUS_CYCLE = 'focus the next / previous pane';
const RESIZE = "move the focused pane's border (resize)";
const SCROLL = "scroll back: read, search and copy the pane's history (scroll mode's keys below)";
const SWITCH = 'show workspace 1–9 (the numbers in the strip)';
const SWAP = 'swap the focused pane with the one before / after it';

export const ACTIONS: readonly KeyAction[] = [
  { name: 'split-right', description: 'split: new pane to the right', keys: ['|', '%'], run: (a) => a.split('right') },
  { name: 'split-down', description: 'split: new pane below', keys: ['-', '"'], run: (a) => a.split('down') },
  { name: 'focus-left', description: 'focus the pane to the left', keys: ['Left', 'h'], group: FOCUS, run: (a) => a.focus('left') },
  { name: 'focus-right', description: 'focus the pane to the right', keys: ['Right', 'l'], group: FOCUS, run: (a) => a.focus('right') },
  { name: 'focus-up', description: 'focus the pane above', keys: ['Up', 'k'], group: FOCUS, run: (a) => a.focus('up') },
  { name: 'focus-down', description: 'focus the pane below', keys: ['Down', 'j'], group: FOCUS, run: (a) => a.focus('down') },
  { name: 'focus-next', description: 'focus the next pane', keys: ['o'], group: FOCUS_CYCLE, run: (a) => a.focusNext(1) },
  { name: 'focus-previous', description: 'focus the previous pane', keys: ['O'], group: FOCUS_CYCLE, run: (a) => a.focusNext(-1) },
  { name: 'resize-left', description: 'move a border left (resize)', keys: ['S-Left', 'H'], group: RESIZE, run: (a) => a.resizeBorder('left', RESIZE_STEP_COLS) },
  { name: 'resize-right', description: 'move a border right (resize)', keys: ['S-Right', 'L'], group: RESIZE, run: (a) => a.resizeBorder('right', RESIZE_STEP_COLS) },
  { name: 'resize-up', description: 'move a border up (resize)', keys: ['S-Up', 'K'], group: RESIZE, run: (a) => a.resizeBorder('up', RESIZE_STEP_ROWS) },
  { name: 'resize-down', description: 'move a border down (resize)', keys: ['S-Down', 'J'], group: RESIZE, run: (a) => a.resizeBorder('down', RESIZE_STEP_ROWS) },
  { name: 'equalize', description: 'make all panes equal', keys: ['='], run: (a) => a.equalize() },
  { name: 'next-layout', description: 'arrange the panes as the next preset layout (side by side, stacked, main, tiled)', keys: ['Space'], run: (a) => a.runCommand(['select-layout']) },
  { name: 'last-pane', description: 'focus the pane that had the focus before', keys: [';'], run: (a) => a.runCommand(['last-pane']) },
  { name: 'swap-previous', description: 'swap the focused pane with the one before it', keys: ['{'], group: SWAP, run: (a) => a.runCommand(['swap-pane', '-U']) },
  { name: 'swap-next', description: 'swap the focused pane with the one after it', keys: ['}'], group: SWAP, run: (a) => a.runCommand(['swap-pane', '-D']) },
  { name: 'zoom', description: 'zoom the focused pane (toggle); others keep running', keys: ['z'], run: (a) => a.zoom() },
  { name: 'add-pane', description: 'add a pane: an agent (claude, codex, …) or a shell', keys: ['a'], run: (a) => a.openAddPane() },
  { name: 'close-pane', description: 'close the focused pane (asks first)', keys: ['x'], run: (a) => a.askClose() },
  { name: 'detach', description: 'detach (everything keeps running)', keys: ['d'], run: (a) => a.detach() },
  { name: 'scroll-mode', description: "scroll back: read, search and copy the pane's history (help lists scroll mode's keys)", keys: ['['], group: SCROLL, run: (a) => a.scrollMode(false) },
  { name: 'scroll-page-up', description: 'scroll back one page at once', keys: ['PageUp'], group: SCROLL, run: (a) => a.scrollMode(true) },
  { name: 'redraw', description: 'redraw the screen', keys: ['r'], run: (a) => a.redraw() },
  { name: 'approve', description: 'approval: Allow (the waiting pane that owns the bar)', keys: ['y'], run: (a) => a.answer('allow') },
  { name: 'deny', description: 'approval: Deny', keys: ['n'], run: (a) => a.answer('deny') },
  { name: 'abort', description: 'approval: Abort the turn (when a pane waits; else cancel)', keys: ['Escape'], run: (a) => a.answer('abort') },
  { name: 'inbox', description: 'the inbox: every question agents wait on, in all workspaces (y/n answer, Enter goes there, A allows several)', keys: ['i'], run: (a) => a.openInbox() },
  { name: 'next-waiting', description: 'focus the next pane that waits for you (in any workspace)', keys: ['w'], run: (a) => a.jumpToWaiting() },
  { name: 'new-workspace', description: 'new workspace: git worktree, clone or folder (dialog)', keys: ['N'], run: (a) => a.openNewWorkspace() },
  { name: 'switch-workspace', description: 'switch workspace: every workspace, dormant ones too, searched by name', keys: ['g'], run: (a) => a.openSwitcher() },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(
    (digit): KeyAction => ({
      name: `workspace-${digit}`,
      description: `show workspace ${digit} of the strip`,
      keys: [String(digit)],
      group: SWITCH,
      run: (a) => a.switchToDigit(digit),
    }),
  ),
  { name: 'remove-workspace', description: 'remove a workspace: shows what it holds and asks first (its folder goes only when nothing is lost)', keys: [], run: (a) => a.chooseWorkspaceToEnd('rm') },
  { name: 'reset-workspace', description: 'reset a worktree workspace to its base branch: shows what it holds and asks first', keys: [], run: (a) => a.chooseWorkspaceToEnd('reset') },
  { name: 'view-file', description: 'view a file of the workspace (syntax colours, or rendered markdown) in a new pane', keys: ['f'], run: (a) => a.openFilePicker() },
  { name: 'view-diff', description: "the workspace's diff (new files too) in a viewer pane, coloured; r reads it again", keys: ['G'], run: (a) => a.viewDiff() },
  { name: 'view-logs', description: "the workspace's stack logs (services, hooks) in a viewer pane that follows new lines; ] and [ pick another", keys: ['t'], run: (a) => a.viewLogs() },
  { name: 'sleep-pane', description: 'put the focused agent to sleep: its program ends, the pane stays; Enter wakes it in the same conversation', keys: ['C-z'], run: (a) => a.sleepFocused() },
  { name: 'sync-pane', description: 'synchronized input: add or remove the focused pane (typing goes to all marked panes)', keys: ['S'], run: (a) => a.syncPane() },
  { name: 'sync-all', description: 'synchronized input: mark every pane of the workspace', keys: [], run: (a) => a.syncAll(true) },
  { name: 'sync-off', description: 'synchronized input: unmark every pane', keys: [], run: (a) => a.syncAll(false) },
  { name: 'help', description: 'show the keys', keys: ['?'], run: (a) => a.showHelp() },
  { name: 'command-palette', description: 'the command palette: find an action by name and run it', keys: [':', 'p'], run: (a) => a.openPalette() },
];
