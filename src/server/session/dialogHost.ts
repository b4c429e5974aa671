// What a dialog controller (new workspace, remove / reset confirmation) needs from the client session.

import type { Overlay } from '../../app/chromeModel.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';

export interface DialogHost {
  readonly registry: WorkspaceRegistry;
  /** The workspace on screen, and the screen's size. */
  readonly workspace: Workspace;
  readonly cols: number;
  readonly rows: number;
  /** The overlay shown now: the dialog, or another one after it was closed or hidden. */
  readonly chrome: { overlay: Overlay };
  /** Shows an overlay (and clears the status-bar message when `message` is given as undefined). */
  setChrome(change: { overlay: Overlay; message?: undefined }): void;
  message(text: string, tone: 'info' | 'error'): void;
  showWorkspace(workspace: Workspace): void;
}
