// The shape of a control command on the server side; each lives in its own file.

import type { WaitingQuestion } from '../../commands/approvals.js';
import type { CommandDefinition, SomeCommand } from '../../commands/contract.js';
import type { Fields } from '../../protocol/validate.js';
import type { SessionHistory } from '../../store/sessionHistory.js';
import type { SessionTracker } from '../agent/sessionTracker.js';
import type { AnswerJournal } from '../approval/answerJournal.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { ClientSession } from '../session/clientSession.js';
import type { ChangeCache } from '../../git/changeCache.js';
import type { CrashSweepReport } from '../process/crashSweep.js';
import type { LoopDelayWindow } from '../process/loopDelay.js';
import type { NotificationReport } from '../notifications/notifier.js';
import type { HostLinkInfo } from '../../commands/serverInfo.js';
import type { ConflictRadar } from '../radar/conflictRadar.js';
import type { LiveSettings } from '../settings/liveSettings.js';
import type { ViewerPanes } from '../viewers/viewerPanes.js';
import type { HandoverResult, HandoverTarget } from '../handover/handOver.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';

export interface CommandContext {
  registry: WorkspaceRegistry;
  /** The settings in force (read `.settings` at use), and `reload()`. */
  settings: LiveSettings;
  /** Opens files in viewer panes (one per file per workspace). */
  viewers: ViewerPanes;
  clients: ReadonlySet<ClientSession>;
  socketPath: string;
  version: string;
  /** What the sweep after a crash ended when this server started, if anything. */
  crashSweep?: CrashSweepReport;
  /** The client's working directory. */
  cwd?: string;
  /** The pane the command was typed in, when it was typed in one. */
  callerPane?: string;
  /** Which conversation each agent pane is in. */
  sessions: SessionTracker;
  /** Ended pane sessions. */
  history: SessionHistory;
  /** Where every answer to an agent's question is logged. */
  answers: AnswerJournal;
  /** The agent panes' monitors and initial prompts. */
  agents: AgentWatches;
  /** The questions waiting on other machines, through this server's host links. */
  hostQuestions?: () => WaitingQuestion[];
  /** The server's environment (every pane's base). */
  env: NodeJS.ProcessEnv;
  /** Measures the event-loop delay between two `server-info --loop-delay` calls. */
  loopDelay: LoopDelayWindow;
  /** What the notifications did (server-info). */
  notifications?: () => NotificationReport;
  /** This server's links to other machines, as the strip knows them (server-info); null while it keeps none. */
  hostLinks?: () => HostLinkInfo[] | null;
  /** Each workspace folder's change counts, kept while nothing changes. */
  changes: ChangeCache;
  /** Which workspaces' changes would conflict with which. */
  radar: ConflictRadar;
  /** Stops the server after the answer is sent. */
  shutdown(): void;
  /** Moves every workspace and pane to a server of another version (tessera upgrade); this one exits after answering. */
  upgrade?(target: HandoverTarget): Promise<HandoverResult>;
  /** The server this one took over from in an upgrade, if it did. */
  takenOver?: { version: string; pid: number; at: string };
  /** The command line's client prints output as it comes: a command that has some while it runs sends it here. */
  output?: (text: string) => void;
  /** Aborted when the client that asked goes before the answer (Ctrl-C on the command line, a closed viewer pane). */
  clientGone?: AbortSignal;
  /**
   * The command line came from a key or the palette of an attached client: nothing prints its output
   * but one line in the status bar, so a command with output to follow shows it in a pane instead.
   */
  fromKey?: boolean;
}

export interface ServerCommand {
  name: string;
  /** The command's definition (src/commands/), for what the server reads of it: its flags, its help. */
  definition?: SomeCommand;
  run(args: Fields, ctx: CommandContext): unknown | Promise<unknown>;
}

/** The server's side of a defined command: the request's arguments checked by the definition, then `run`. */
export function implement<A extends object, R>(definition: CommandDefinition<A, R>, run: (args: A, ctx: CommandContext) => R | Promise<R>): ServerCommand {
  return { name: definition.name, definition: definition as SomeCommand, run: (fields, ctx) => run(definition.parse(fields), ctx) };
}
