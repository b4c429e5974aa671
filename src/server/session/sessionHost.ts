// What an attached client's session needs from outside it: the socket it writes to (ClientTransport)
// and the server it lives in (SessionHost).

import type { SessionTracker } from '../agent/sessionTracker.js';
import type { AnswerJournal } from '../approval/answerJournal.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { LiveSettings } from '../settings/liveSettings.js';
import type { ViewerPanes } from '../viewers/viewerPanes.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceList } from '../workspaces/workspaceList.js';
import type { HostLinks } from '../hosts/hostLinks.js';
import type { RowContext } from './addPaneRows.js';
import type { CommandLineOutcome } from '../commands/commandLine.js';

/** How a client's frames reach its terminal and its keys reach the server. */
export interface ClientRoute {
  /** Written by the server straight to the client's terminal, or relayed by the client from its socket. */
  frames: 'terminal' | 'socket';
  keys: 'terminal' | 'socket';
}

export interface ClientTransport {
  sendOutput(bytes: string): void;
  /** Bytes written for the client (on its terminal or its socket) and not yet taken. */
  backlog(): number;
  route(): ClientRoute;
  onceDrained(callback: () => void): void;
  end(reason: string, exitCode: number): void;
  /** Tells the client to show another machine's workspace (an `open-host` message); its `end` follows. */
  openHost(target: { host: string; workspace: string; from: string; pane?: number }): void;
}

export interface SessionHost {
  registry: WorkspaceRegistry;
  /** The settings in force: read at each use, so a reload applies at once. */
  settings: LiveSettings;
  /** Opens files in viewer panes (the palette's file picker). */
  viewers: ViewerPanes;
  /** The set of clients changed size or workspace: recompute every workspace's size. */
  sizesChanged(): void;
  /** This client left (detach or disconnect). */
  removed(): void;
  /** A pane's "needs you" mark changed: every client's count must be redrawn. */
  attentionChanged(): void;
  /** What the add-pane dialog offers (agents, installed or not; shells). */
  addPaneContext(): RowContext;
  /** Which conversation each agent pane is in (to wake a sleeping one). */
  sessions: SessionTracker;
  /** Every workspace in the strip's order. */
  workspaces: WorkspaceList;
  /** A workspace by name, started when it is dormant. */
  openWorkspace(name: string, size: { cols: number; rows: number }): Workspace;
  /** The server's environment (the new-workspace dialog's `~` and workspace root). */
  env: NodeJS.ProcessEnv;
  /** Where every answer to an agent's question is logged. */
  answers: AnswerJournal;
  /** The agent panes' monitors (to answer a question). */
  agents: AgentWatches;
  /** The links to other machines (their questions in the inbox). */
  hosts: HostLinks;
  /** Runs a tessera command line (a bound key's) as if typed in a pane, in its folder. */
  runCommandLine(argv: readonly string[], caller: { pane: number; cwd: string }): Promise<CommandLineOutcome>;
}
