// How tessera learns which conversation an agent pane is in, so that pane can resume it later.

/** What is known about one agent process when its session is looked up. */
export interface SessionLookup {
  /** The pane's directory (realpath): every CLI scopes its sessions by the directory it started in. */
  cwd: string;
  /** When the agent's process started (ms since the epoch): sessions older than this belong to someone else. */
  startedAt: number;
  /** The agent's live processes (empty once it has exited). */
  pids: number[];
  /** The pane's environment: where the CLI keeps its files (CLAUDE_CONFIG_DIR, CODEX_HOME, HOME, XDG_*). */
  env: Record<string, string>;
  /** Session ids other live panes are in: never taken for this pane. */
  claimed: ReadonlySet<string>;
  /** The agent's program (absolute path), for CLIs whose sessions are read by asking the CLI itself. */
  program?: string;
}

export interface AgentSessions {
  /**
   * The CLI accepts a session id of our choosing for a new conversation (claude and gemini `--session-id`), so
   * the pane knows its session from the first keystroke without reading any file.
   */
  assignsOwnId: boolean;
  /**
   * The session the agent is in now, read from the CLI's own files; undefined when none is found (no turn
   * taken yet). Called when a turn ends and before the process is ended, so a session changed by `/clear`
   * is followed.
   */
  current(lookup: SessionLookup): Promise<string | undefined>;
  /**
   * Does the CLI still have this session on disk (else a resume would fail, and the pane starts fresh)? True when it
   * cannot tell (its list could not be read): a conversation is never dropped for want of an answer.
   */
  exists(id: string, lookup: Pick<SessionLookup, 'cwd' | 'env' | 'program'>): Promise<boolean>;
}
