// Starts an AgentMonitor for every agent pane, turns its decisions into pills and attention marks,
// and passes the agent's notifications on when nobody is looking at that pane.

import type { AgentState, ScreenDetector } from '../../agents/detection.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { PaneHome } from '../panes/paneHome.js';
import { AgentMonitor } from './agentMonitor.js';
import { PromptDelivery } from './promptDelivery.js';
import type { AgentNotification } from './notificationSignals.js';
import type { NotificationReason } from '../../protocol/events.js';

export interface SupervisorHost {
  detectorFor(agent: string): ScreenDetector | undefined;
  /** Is this pane on someone's screen and focused there? */
  isSeen(pane: Pane, workspace: Workspace): boolean;
  /** A pane needs the user: it asks a question or finished its turn (`reason`), or its agent sent a notification (none). */
  alert(pane: Pane, text: string, reason?: NotificationReason): void;
}

/** What the supervisor keeps of each agent pane it watches, for the rest of the server to ask. */
export interface AgentWatches {
  /** The monitor of an agent pane tessera watches (stopped once its program exited); undefined for any other pane. */
  monitorOf(pane: Pane): AgentMonitor | undefined;
  /** The delivery of this launch's initial prompt, when it was given one. */
  promptOf(pane: Pane): PromptDelivery | undefined;
}

interface AgentWatch {
  monitor: AgentMonitor;
  delivery: PromptDelivery | undefined;
}

export class AgentSupervisor implements AgentWatches {
  /** Every live agent pane's monitor, to read again when the rules change. */
  private readonly monitors = new Set<AgentMonitor>();
  /** Each watched pane's monitor and prompt, until the pane closes (a pane that exited keeps them to be explained). */
  private readonly watches = new Map<Pane, AgentWatch>();

  constructor(private readonly host: SupervisorHost) {}

  /** The settings changed: running panes are read again with their agent's rules as they are now. */
  rulesChanged(): void {
    for (const monitor of this.monitors) monitor.detectNow();
  }

  monitorOf(pane: Pane): AgentMonitor | undefined {
    return this.watches.get(pane)?.monitor;
  }

  promptOf(pane: Pane): PromptDelivery | undefined {
    return this.watches.get(pane)?.delivery;
  }

  /** Watches a new pane if it runs an installed agent; `home` says which workspace it is in now. */
  paneAdded(pane: Pane, home: PaneHome): void {
    if (pane.kind !== 'agent' || !pane.installed || !pane.agent) return;
    const detector = this.host.detectorFor(pane.agent);
    if (!detector) return;
    let previous: AgentState | undefined;
    const delivery = this.promptDelivery(pane, home);
    const agent = pane.agent;
    const monitor = new AgentMonitor(pane, detector, () => this.host.detectorFor(agent), {
      changed: () => {
        const state = monitor.state;
        pane.setAgentState(state, monitor.waiting);
        delivery?.stateChanged(state);
        if (state !== previous) this.transition(pane, home.workspace, previous, state);
        previous = state;
      },
      notified: (notification) => this.notified(pane, home.workspace, notification),
    }, detector.reportsState === true);
    this.watches.set(pane, { monitor, delivery });
    this.monitors.add(monitor);
    monitor.detectNow();
    const screen = delivery ? pane.onScreen(() => delivery.screenChanged()) : undefined;
    const stop = () => {
      this.monitors.delete(monitor);
      [monitor, delivery, screen].forEach((d) => d?.dispose());
      pane.notePromptWaiting(false); // a stopped delivery waits no longer
    };
    pane.own(pane.onExit(stop));
    pane.own({
      dispose: () => {
        stop();
        this.watches.delete(pane);
      },
    });
  }

  /** The pane's own prompt, else the workspace's: delivered once this launch is ready for it. */
  private promptDelivery(pane: Pane, home: PaneHome): PromptDelivery | undefined {
    const text = pane.initialPrompt ?? home.workspace.settings.prompt;
    if (text === undefined || text === '') return undefined;
    const target = { bracketedPaste: () => pane.inputModes.bracketedPaste, write: (data: string) => pane.write(data) };
    // Its header says so while it is overdue (see PROMPT_OVERDUE_MS).
    const delivery = new PromptDelivery(text, target, () => {
      pane.notePromptWaiting(delivery.overdue);
      home.workspace.notify();
    });
    return delivery;
  }

  private transition(pane: Pane, workspace: Workspace, from: AgentState | undefined, to: AgentState | undefined): void {
    const startedWaiting = to === 'approval';
    const finishedTurn = from === 'running' && to === 'idle';
    if (!startedWaiting && !finishedTurn) return;
    if (this.host.isSeen(pane, workspace)) return;
    pane.markAttention();
    workspace.notify();
    if (startedWaiting) this.host.alert(pane, `pane ${pane.id} (${pane.agent}) needs your approval`, 'question');
    else this.host.alert(pane, `pane ${pane.id} (${pane.agent}) finished its turn`, 'turn-finished');
  }

  private notified(pane: Pane, workspace: Workspace, notification: AgentNotification): void {
    if (notification.state) return; // becomes a state change, alerted by transition()
    if (!this.host.isSeen(pane, workspace)) this.host.alert(pane, notification.text);
  }
}
