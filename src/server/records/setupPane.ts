// The setup command from the settings (e.g. "npm ci"), run in a pane below a new worktree or clone's
// first pane: its output stays visible, a failure shows as the pane's red exit status, and the
// workspace never waits for it. It comes from a file, so the command allowlist applies.

import { checkCommandAllowed } from '../../shell/allowlist.js';
import { tokenizeShellCommand } from '../../shell/tokenize.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { Workspace } from '../workspace.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';

/** Starts the setup pane; returns a note for the user when it could not (or undefined). */
export function startSetupPane(registry: WorkspaceRegistry, workspace: Workspace, settings: Settings): string | undefined {
  if (settings.setupCommand.trim() === '') return undefined;
  const tokens = tokenizeShellCommand(settings.setupCommand);
  if (!tokens.ok) return `setupCommand not run: ${tokens.message}`;
  const allowed = checkCommandAllowed(tokens.argv[0], settings.extraCommands);
  if (!allowed.ok) return `setupCommand not run: ${allowed.message} (add it to extraCommands to allow it)`;
  try {
    registry.split(workspace.focusedPaneId, 'down', { launch: { argv: tokens.argv, requestDir: workspace.cwd }, keepFocus: true, cwd: workspace.cwd });
    return undefined;
  } catch (error) {
    return `setupCommand not run: ${(error as Error).message}`;
  }
}
