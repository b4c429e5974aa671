// Every CLI command, in the order `tessera --help` lists them.

import type { CliCommand } from '../command.js';
import { abort, approve, deny } from './answerApproval.js';
import { attach } from './attach.js';
import { explain } from './explain.js';
import { capturePane } from './capturePane.js';
import { killPane } from './killPane.js';
import { killServer } from './killServer.js';
import { listPanes } from './listPanes.js';
import { listWorkspaces } from './listWorkspaces.js';
import { newPane } from './newPane.js';
import { newWorkspace } from './newWorkspace.js';
import { resizePane } from './resizePane.js';
import { sendKeys } from './sendKeys.js';
import { serverInfo } from './serverInfo.js';
import { splitPane } from './splitPane.js';
import { zoomPane } from './zoomPane.js';

export const COMMANDS: CliCommand[] = [
  newWorkspace,
  attach,
  listWorkspaces,
  splitPane,
  newPane,
  killPane,
  zoomPane,
  resizePane,
  listPanes,
  capturePane,
  sendKeys,
  approve,
  deny,
  abort,
  explain,
  serverInfo,
  killServer,
];

export function findCommand(name: string): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
}
