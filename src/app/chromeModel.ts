// What the chrome shows, as plain data: the server builds it, the Ink components draw it.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pill on a pane's header. Agent states come later; shells and commands use these. */
export type PaneStatus = 'starting' | 'running' | 'idle' | 'exited' | 'error';

export interface PaneHeaderModel {
  id: number;
  rect: Rect;
  title: string;
  status: PaneStatus;
  exitCode?: number;
  focused: boolean;
  zoomed: boolean;
}

export interface KeyHelpEntry {
  keys: string;
  description: string;
}

export type Overlay = { kind: 'help'; prefix: string; bindings: KeyHelpEntry[]; rect: Rect } | { kind: 'none' };

export interface StatusBarModel {
  workspace: string;
  paneCount: number;
  /** A one-line message (an error or a confirmation question) shown until the next key. */
  message?: { text: string; tone: 'info' | 'error' | 'question' };
  /** The prefix was pressed and tessera waits for the command key. */
  prefixPending: boolean;
  prefixLabel: string;
}

export interface ChromeModel {
  cols: number;
  rows: number;
  headers: PaneHeaderModel[];
  dividers: Rect[];
  status: StatusBarModel;
  overlay: Overlay;
}
