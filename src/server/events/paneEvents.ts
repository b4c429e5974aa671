// What a pane does, as events: opened, its pill changing (with what decided it), the questions its agent
// asks and the answers they get, its program exiting, and the pane closing.

import { MAX_EVENT_TEXT_CHARS } from '../../limits.js';
import type { EventBody } from '../../protocol/events.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { Pane } from '../panes/pane.js';
import type { PaneHome } from '../panes/paneHome.js';

/** Where an event goes (the stream's publish). */
export type Publish = (body: EventBody) => void;

/**
 * Starts reporting a pane that was just added to its workspace (`home`, which follows it when it moves); stops when the pane closes.
 * `agents` has its agent monitor, when tessera watches it (the supervisor saw the pane first).
 */
export function watchPaneEvents(pane: Pane, home: PaneHome, publish: Publish, agents: AgentWatches): void {
  const at = () => ({ workspace: home.workspace.name, pane: pane.id, ...(pane.agent === undefined ? {} : { agent: pane.agent }) });
  publish({ kind: 'pane-opened', ...at(), program: pane.command });
  let status: string = pane.status;
  let question: string | undefined;
  const changed = () => {
    if (pane.status !== status) {
      const from = status;
      status = pane.status;
      publish({ kind: 'state-changed', ...at(), from, to: status, ...decidedBy(pane, agents) });
    }
    const waiting = pane.waiting;
    if (waiting && waiting.id !== question) publish({ kind: 'question-asked', ...at(), question: waiting.id, text: clip(waiting.text) });
    question = waiting?.id;
  };
  pane.own(pane.onMeta(changed));
  const monitor = agents.monitorOf(pane);
  if (monitor) pane.own(monitor.onAnswered((asked, given) => publish({ kind: 'question-answered', ...at(), question: asked.id, ...given })));
  pane.own(pane.onExit(() => publish({ kind: 'pane-exited', ...at(), exitCode: pane.exitCode ?? null })));
  pane.own({
    dispose: () => {
      // A pane started again in its place (an agent woken) keeps the id: the old one closing is no news.
      const now = home.workspace.panes.get(pane.id);
      const replaced = now !== undefined && now !== pane;
      if (!replaced) publish({ kind: 'pane-closed', ...at() });
    },
  });
  changed();
}

/** What decided the pane's pill, as `tessera explain` says it. */
function decidedBy(pane: Pane, agents: AgentWatches): { source: string; rule: string } {
  if (pane.isExited) return { source: 'exit', rule: `the program exited with status ${pane.exitCode ?? 'unknown'}` };
  const monitor = agents.monitorOf(pane);
  if (monitor) {
    const { source, rule } = monitor.explain();
    return { source, rule };
  }
  if (pane.kind === 'agent') return { source: 'launch', rule: pane.installed ? 'the agent is starting' : 'the agent is not installed' };
  const { source, rule } = pane.shellExplanation();
  return { source, rule };
}

const clip = (text: string) => (text.length > MAX_EVENT_TEXT_CHARS ? `${text.slice(0, MAX_EVENT_TEXT_CHARS - 1)}…` : text);
