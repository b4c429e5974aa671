// What the key actions (sessionActions.ts) and the overlays they open (overlays.ts) need from the client
// session: its own file, so that neither of the two imports the other for it.

import type { ApprovalBarModel } from '../../app/chromeModel.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { SessionTracker } from '../agent/sessionTracker.js';
import type { AnswerJournal } from '../approval/answerJournal.js';
import type { CommandLineOutcome } from '../commands/commandLine.js';
import type { Keymap } from '../keys/keymap.js';
import type { ScrollAction } from '../keys/scrollBindings.js';
import type { ViewerPanes } from '../viewers/viewerPanes.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceList } from '../workspaces/workspaceList.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import type { AddPaneController } from './addPaneController.js';
import type { ChromeState } from './chromeState.js';
import type { ConfirmEndController } from './confirmEndController.js';
import type { InboxController } from './inboxController.js';
import type { NewWorkspaceController } from './newWorkspaceController.js';
import type { HostWorkspace } from './workspaceSwitcher.js';

/** What the actions need from the client session. */
export interface ActionContext {
  readonly registry: WorkspaceRegistry;
  /** Which conversation each agent pane is in (to put one to sleep and wake it in the same one). */
  readonly sessions: SessionTracker;
  /** Opens files in viewer panes. */
  readonly viewers: ViewerPanes;
  /** Where answers are logged, and how the log names this client. */
  readonly answers: AnswerJournal;
  /** The agent panes' monitors (to answer a question). */
  readonly agents: AgentWatches;
  readonly label: string;
  /** The prefix and keymap in force now. */
  readonly keys: { prefix: { label: string }; keymap: Keymap; scrollKeymap: Keymap<ScrollAction> };
  /** How to press an action ("C-\\ w"). */
  keyHint(action: string): string;
  readonly workspace: Workspace;
  readonly cols: number;
  readonly rows: number;
  readonly chrome: ChromeState;
  /** The approval bar this client shows now, if any. */
  readonly approvalBar: ApprovalBarModel | undefined;
  readonly addPane: AddPaneController;
  readonly newWorkspace: NewWorkspaceController;
  /** The remove / reset confirmation. */
  readonly confirmEnd: ConfirmEndController;
  /** Every waiting question, answered from one list. */
  readonly inbox: InboxController;
  setChrome(change: Partial<ChromeState>): void;
  message(text: string, tone: 'info' | 'error'): void;
  ask(text: string, onYes: () => void): void;
  attentionChanged(): void;
  redraw(): void;
  detach(): void;
  /** Enters scroll mode in the focused pane (a page up at once for PageUp). */
  scrollMode(pageUp: boolean): void;
  /** Every workspace in the strip's order. */
  readonly workspaces: WorkspaceList;
  /** A workspace by name, started when it is dormant; throws RefusedError when there is none. */
  openWorkspace(name: string): Workspace;
  /** This client shows another workspace from now on. */
  showWorkspace(workspace: Workspace): void;
  /** Runs a tessera command line as if typed in a pane, in its folder. */
  runCommandLine(argv: readonly string[], caller: { pane: number; cwd: string }): Promise<CommandLineOutcome>;
  /** The client said it can leave to show another machine's workspace (older clients cannot). */
  readonly opensHosts: boolean;
  /** A host of the hosts setting now, with its link. */
  isHost(name: string): boolean;
  /** The client leaves to show a host's workspace through its own link, and comes back here when that view ends. */
  showHost(target: HostWorkspace): void;
}
