// Every control command the server answers, by name.

import { lastPane, selectLayout, swapPane } from './arrangePanes.js';
import { breakPane, movePane } from './movePanes.js';
import { detachClients } from './detachClients.js';
import { displayMessage } from './displayMessage.js';
import { renamePane } from './renamePane.js';
import { renameWorkspace } from './renameWorkspace.js';
import { abort, approve, deny } from './answerApproval.js';
import { agentHook } from './agentHook.js';
import { reportStatus } from './reportStatus.js';
import { approvals } from './approvals.js';
import { capturePane } from './capturePane.js';
import { explainPane } from './explainPane.js';
import { diffWorkspace } from './diffWorkspace.js';
import { history } from './history.js';
import { removeWorkspace, resetWorkspace } from './removeWorkspace.js';
import type { ServerCommand } from './command.js';
import { killPane } from './killPane.js';
import { land } from './land.js';
import { killServer } from './killServer.js';
import { listPanes } from './listPanes.js';
import { templates } from './listTemplates.js';
import { listWorkspaces } from './listWorkspaces.js';
import { newPane } from './newPane.js';
import { newWorkspace } from './newWorkspace.js';
import { push } from './push.js';
import { stopWorkspace } from './stopWorkspace.js';
import { switchBranch } from './switchBranch.js';
import { reload } from './reload.js';
import { resizePane } from './resizePane.js';
import { sendKeys } from './sendKeys.js';
import { serverInfo } from './serverInfo.js';
import { startServer } from './startServer.js';
import { upgrade } from './upgrade.js';
import { sleepPane } from './sleepPane.js';
import { wakePane } from './wakePane.js';
import { splitPane } from './splitPane.js';
import { syncInput } from './syncInput.js';
import { trustProject } from './trustProject.js';
import { viewFile } from './viewFile.js';
import { zoomPane } from './zoomPane.js';
import { down, hook, logs, runtime, up } from './stack.js';

const ALL: ServerCommand[] = [
  abort,
  agentHook,
  reportStatus,
  approvals,
  approve,
  deny,
  explainPane,
  capturePane,
  history,
  diffWorkspace,
  removeWorkspace,
  resetWorkspace,
  killPane,
  killServer,
  land,
  listPanes,
  listWorkspaces,
  templates,
  newPane,
  newWorkspace,
  push,
  stopWorkspace,
  switchBranch,
  reload,
  resizePane,
  sendKeys,
  serverInfo,
  startServer,
  upgrade,
  sleepPane,
  splitPane,
  syncInput,
  trustProject,
  viewFile,
  wakePane,
  zoomPane,
  swapPane,
  lastPane,
  selectLayout,
  movePane,
  breakPane,
  renamePane,
  renameWorkspace,
  displayMessage,
  detachClients,
  up,
  down,
  runtime,
  logs,
  hook,
];

export const SERVER_COMMANDS = new Map(ALL.map((c) => [c.name, c]));

/** A command by its name or one of its aliases (a command line's first word). */
export function findServerCommand(name: string): ServerCommand | undefined {
  return SERVER_COMMANDS.get(name) ?? ALL.find((c) => c.definition?.aliases?.includes(name));
}

/** The names a command line can start with (commands with a definition, and their aliases), for "did you mean". */
export function commandLineWords(): string[] {
  return ALL.flatMap((c) => (c.definition ? [c.name, ...(c.definition.aliases ?? [])] : []));
}
