// Keeps each agent pane's conversation id up to date (src/agents/session/ says how each CLI is read), so the pane
// can be resumed after sleep, a restart or a reboot, and `/clear` (a new conversation) is followed.
//
// When: at each end of a turn (the pill goes from running or approval to idle: the CLI has written its files by
// then), and once more just before tessera ends the agent (sleep, close, kill-server). Never on a timer: an idle
// pane costs nothing. An agent that names its conversation itself (opencode, through tessera's plugin) is not
// looked up at all while that process runs: what it said is newer than any file, and costs nothing to hear.

import fs from 'node:fs';
import { AGENT_SESSIONS, type AgentSessions } from '../../agents/session/index.js';
import { isBuiltinAgentKind } from '../../agents/agentKinds.js';
import { AGENT_SESSION_QUERY_TIMEOUT_MS, SESSION_ID_WAIT_MS } from '../../limits.js';
import { paneProcesses } from '../../pty/paneProcesses.js';
import type { Pane } from '../panes/pane.js';

export interface TrackerHost {
  env: NodeJS.ProcessEnv;
  /** Every live pane, to keep two panes of one folder from taking the same conversation. */
  panes(): Iterable<Pane>;
  /** A pane's conversation id changed (to save it in the workspace's record). */
  changed(pane: Pane): void;
  log(text: string): void;
  /** How a pane's agent is asked for its conversations; the built-in agents' own ways (sessionsFor) unless given. */
  sessionsOf?(pane: Pane): AgentSessions | undefined;
}

export function sessionsFor(pane: Pane): AgentSessions | undefined {
  return pane.kind === 'agent' && pane.agent !== undefined && isBuiltinAgentKind(pane.agent) ? AGENT_SESSIONS[pane.agent] : undefined;
}

export class SessionTracker {
  private readonly pending = new Map<Pane, Promise<void>>();
  /** The panes whose agent named its conversation itself (a woken agent is a new Pane: it must say it again). */
  private readonly namedItself = new WeakSet<Pane>();
  private readonly env: Record<string, string>;

  constructor(private readonly host: TrackerHost) {
    this.env = Object.fromEntries(Object.entries(host.env).filter((e): e is [string, string] => e[1] !== undefined));
  }

  /** Follows an agent pane's turns; nothing for other panes. */
  watch(pane: Pane): void {
    if (!this.sessionsOf(pane) || !pane.installed) return;
    let last = pane.status;
    pane.own(
      pane.onMeta(() => {
        const now = pane.status;
        if (now === 'idle' && (last === 'running' || last === 'approval')) void this.refresh(pane);
        last = now;
      }),
    );
  }

  /** The pane's agent said which conversation it is in (its own channel, proved by the pane's token). */
  told(pane: Pane, id: string): void {
    if (!this.sessionsOf(pane)) return;
    this.namedItself.add(pane);
    if (pane.noteSession(id)) this.host.changed(pane);
  }

  /**
   * Looks the pane's conversation up now (at most SESSION_ID_WAIT_MS); one lookup per pane at a time. Nothing to do
   * when the agent running now has named its conversation itself.
   */
  refresh(pane: Pane): Promise<void> {
    const sessions = this.sessionsOf(pane);
    if (!sessions || this.namedItself.has(pane)) return Promise.resolve();
    // A lookup already under way (the end of a turn started one) is waited out, up to its own query limit: the id it
    // finds is the one a sleep needs to resume the conversation. Cut at SESSION_ID_WAIT_MS, a sleep of an opencode pane
    // (whose 'session list' took 16-20 s at load 15) ended the agent with no id, and wake could not resume it.
    const running = this.pending.get(pane);
    if (running) return withDeadline(running, AGENT_SESSION_QUERY_TIMEOUT_MS);
    const lookup = this.lookUp(pane, sessions).finally(() => this.pending.delete(pane));
    this.pending.set(pane, lookup);
    return withDeadline(lookup, SESSION_ID_WAIT_MS);
  }

  private sessionsOf(pane: Pane): AgentSessions | undefined {
    return this.host.sessionsOf ? this.host.sessionsOf(pane) : sessionsFor(pane);
  }

  /** Does the CLI still have this conversation? */
  exists(pane: Pane, id: string): Promise<boolean> {
    return this.existsFor(pane.agent ?? '', id, realCwd(pane), pane.program);
  }

  /** The same for an agent that is not running in any pane (a history entry). */
  existsFor(agent: string, id: string, cwd: string, program: string | undefined): Promise<boolean> {
    if (!isBuiltinAgentKind(agent)) return Promise.resolve(false);
    return AGENT_SESSIONS[agent].exists(id, { cwd, env: this.env, program });
  }

  private async lookUp(pane: Pane, sessions: AgentSessions): Promise<void> {
    const claimed = new Set<string>();
    for (const other of this.host.panes()) if (other !== pane && other.sessionId !== undefined && other.agent === pane.agent) claimed.add(other.sessionId);
    try {
      const id = await sessions.current({
        cwd: realCwd(pane),
        startedAt: pane.startedAt,
        pids: pane.isLive && pane.pid > 1 ? paneProcesses(pane.pid) : [], // a scripted program in tests has no process
        env: this.env,
        claimed,
        program: pane.program,
      });
      // What the agent said while the lookup ran is newer than what its files said.
      if (id !== undefined && !this.namedItself.has(pane) && pane.noteSession(id)) this.host.changed(pane);
    } catch (error) {
      this.host.log(`pane ${pane.id}: could not read ${pane.agent}'s session: ${(error as Error).message}`);
    }
  }
}

function realCwd(pane: Pane): string {
  try {
    return fs.realpathSync(pane.cwd);
  } catch {
    return pane.cwd;
  }
}

function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
