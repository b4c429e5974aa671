// What the "add a pane" dialog offers and remembers, as plain data the reducer and the component share.

/** How hard an agent should think; 'default' leaves the agent's own setting alone. */
export type Effort = 'low' | 'medium' | 'high';
export type EffortChoice = 'default' | Effort;
export const EFFORT_CHOICES: readonly EffortChoice[] = ['default', 'low', 'medium', 'high'];

/** The model choice that passes no model flag, listed before the agent's own models. */
export const DEFAULT_MODEL_LABEL = 'default';

/** Where the new pane goes, next to the focused one. */
export type PaneSide = 'right' | 'down';

export interface ShellProfile {
  id: string;
  label: string;
  /** Unavailable profiles are listed (disabled) so users see what exists, but never picked. */
  available: boolean;
}

/** The shell that inherits the workspace or app default: always offered, always first. */
export const DEFAULT_SHELL: ShellProfile = { id: 'default', label: 'Default shell', available: true };

export interface AgentRow {
  kind: 'agent';
  /** The agent's id as the pane factory knows it: 'claude', 'codex', or a user-defined name. */
  agent: string;
  label: string;
  installed: boolean;
  /** What to run to install it, e.g. `npm install -g @openai/codex`. */
  installHint: string;
  /** Models to offer besides the default, in the order to cycle through them. */
  models: string[];
}

export interface TerminalRow {
  kind: 'terminal';
  label: string;
  /** Shell profiles after the default shell (which the dialog adds itself unless one has its id). */
  profiles: ShellProfile[];
}

export type AddPaneRow = AgentRow | TerminalRow;

/** What a row has chosen so far; indexes point into the row's own choice lists. */
export type RowSelection =
  | { kind: 'agent'; modelIndex: number; effort: EffortChoice }
  | { kind: 'terminal'; shellIndex: number };

export interface AddPaneState {
  search: string;
  rows: readonly AddPaneRow[];
  /** Index in `rows` (not in the visible rows) of the focused row: focus survives filtering. */
  focusedIndex: number;
  /** One per row, same order as `rows`. */
  selections: readonly RowSelection[];
  side: PaneSide;
}

export type AddPaneResult =
  | { kind: 'agent'; agent: string; model?: string; effort?: Effort; side: PaneSide }
  | { kind: 'terminal'; shellProfile: string; side: PaneSide };

export type AddPaneOutcome = { launch: AddPaneResult } | { close: true } | { message: string };
