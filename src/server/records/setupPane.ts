// A setup command (e.g. "npm ci"), run in a pane below a new worktree or clone's first pane: its
// output stays visible, a failure shows as the pane's red exit status, and the workspace never waits
// for it. The settings' command comes from a file, so the command allowlist applies; a project
// file's command runs only once the user approved that file (see project/), so it skips the allowlist.

import { checkCommandAllowed } from '../../shell/allowlist.js';
import { tokenizeShellCommand } from '../../shell/tokenize.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';

/** Starts the settings' setup pane; returns a note for the user when it could not (or undefined). */
export function startSetupPane(registry: WorkspaceRegistry, workspace: Workspace, settings: Settings): string | undefined {
  return startCommandPane(registry, workspace, settings.setupCommand, { what: 'setupCommand', allowed: settings.extraCommands });
}

/** Starts an approved project file's setup command; returns a note when it could not. */
export function startApprovedSetupPane(registry: WorkspaceRegistry, workspace: Workspace, commandLine: string): string | undefined {
  return startCommandPane(registry, workspace, commandLine, { what: "the project's setupCommand", allowed: 'approved' });
}

function startCommandPane(registry: WorkspaceRegistry, workspace: Workspace, commandLine: string, how: { what: string; allowed: readonly string[] | 'approved' }): string | undefined {
  if (commandLine.trim() === '') return undefined;
  const tokens = tokenizeShellCommand(commandLine);
  if (!tokens.ok) return `${how.what} not run: ${tokens.message}`;
  if (how.allowed !== 'approved') {
    const allowed = checkCommandAllowed(tokens.argv[0], how.allowed);
    if (!allowed.ok) return `${how.what} not run: ${allowed.message} (add it to extraCommands to allow it)`;
  }
  try {
    registry.split(workspace.focusedPaneId, 'down', { launch: { argv: tokens.argv, requestDir: workspace.cwd }, keepFocus: true, cwd: workspace.cwd });
    return undefined;
  } catch (error) {
    return `${how.what} not run: ${(error as Error).message}`;
  }
}
