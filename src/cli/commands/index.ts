// Every CLI command, in the order `tessera --help` lists them. A command's code is loaded only when
// it runs, so starting the client stays fast.

import type { CliCommand } from '../command.js';
import { cliCommand } from '../terminalTools.js';

export interface CommandEntry {
  name: string;
  aliases?: string[];
  /** One line for `tessera --help`; a defined command (src/commands/) has it in its definition. */
  summary?: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: CommandEntry[] = [
  { name: 'new', aliases: ['new-session'], load: async () => cliCommand((await import('../../commands/newWorkspace.js')).newWorkspace) },
  { name: 'attach', aliases: ['a', 'attach-session'], summary: 'attach this terminal to a workspace', load: async () => (await import('./attach.js')).attach },
  { name: 'ls', aliases: ['list-workspaces'], load: async () => cliCommand((await import('../../commands/listWorkspaces.js')).listWorkspaces) },
  { name: 'templates', load: async () => cliCommand((await import('../../commands/listTemplates.js')).listTemplates) },
  { name: 'trust', load: async () => cliCommand((await import('../../commands/trustProject.js')).trustProject) },
  { name: 'diff', load: async () => cliCommand((await import('../../commands/diff.js')).diff) },
  { name: 'rm', load: async () => cliCommand((await import('../../commands/removeWorkspace.js')).removeWorkspace) },
  { name: 'land', load: async () => cliCommand((await import('../../commands/land.js')).land) },
  { name: 'push', load: async () => cliCommand((await import('../../commands/push.js')).push) },
  { name: 'switch', load: async () => cliCommand((await import('../../commands/switchBranch.js')).switchBranch) },
  { name: 'stop', load: async () => cliCommand((await import('../../commands/stopWorkspace.js')).stopWorkspace) },
  { name: 'reset', load: async () => cliCommand((await import('../../commands/removeWorkspace.js')).resetWorkspace) },
  { name: 'split', aliases: ['split-window'], load: async () => cliCommand((await import('../../commands/splitPane.js')).splitPane) },
  { name: 'new-pane', load: async () => cliCommand((await import('../../commands/newPane.js')).newPane) },
  { name: 'sleep', load: async () => cliCommand((await import('../../commands/sleepPane.js')).sleepPane) },
  { name: 'wake', load: async () => cliCommand((await import('../../commands/sleepPane.js')).wakePane) },
  { name: 'history', load: async () => cliCommand((await import('../../commands/history.js')).history) },
  { name: 'kill-pane', load: async () => cliCommand((await import('../../commands/killPane.js')).killPane) },
  { name: 'zoom', aliases: ['zoom-pane'], load: async () => cliCommand((await import('../../commands/zoomPane.js')).zoomPane) },
  { name: 'resize-pane', load: async () => cliCommand((await import('../../commands/resizePane.js')).resizePane) },
  { name: 'swap-pane', load: async () => cliCommand((await import('../../commands/swapPane.js')).swapPane) },
  { name: 'move-pane', aliases: ['join-pane'], load: async () => cliCommand((await import('../../commands/movePane.js')).movePane) },
  { name: 'break-pane', load: async () => cliCommand((await import('../../commands/breakPane.js')).breakPane) },
  { name: 'last-pane', load: async () => cliCommand((await import('../../commands/lastPane.js')).lastPane) },
  { name: 'select-layout', load: async () => cliCommand((await import('../../commands/selectLayout.js')).selectLayout) },
  { name: 'rename', aliases: ['rename-workspace', 'rename-session'], load: async () => cliCommand((await import('../../commands/renameWorkspace.js')).renameWorkspace) },
  { name: 'rename-pane', load: async () => cliCommand((await import('../../commands/renamePane.js')).renamePane) },
  { name: 'display-message', aliases: ['display'], load: async () => cliCommand((await import('../../commands/displayMessage.js')).displayMessage) },
  { name: 'detach', aliases: ['detach-client'], load: async () => cliCommand((await import('../../commands/detachClients.js')).detachClients) },
  { name: 'list-panes', load: async () => cliCommand((await import('../../commands/listPanes.js')).listPanes) },
  { name: 'capture-pane', load: async () => cliCommand((await import('../../commands/capturePane.js')).capturePane) },
  { name: 'send-keys', load: async () => cliCommand((await import('../../commands/sendKeys.js')).sendKeys) },
  { name: 'view', load: async () => cliCommand((await import('../../commands/viewFile.js')).viewFile) },
  { name: 'sync', aliases: ['synchronize-panes'], load: async () => cliCommand((await import('../../commands/syncInput.js')).syncInput) },
  { name: 'approve', load: async () => cliCommand((await import('../../commands/answerApproval.js')).approve) },
  { name: 'deny', load: async () => cliCommand((await import('../../commands/answerApproval.js')).deny) },
  { name: 'abort', load: async () => cliCommand((await import('../../commands/answerApproval.js')).abort) },
  { name: 'events', summary: 'print what happens (workspaces, panes, states, questions, notifications) as it happens', load: async () => (await import('./events.js')).events },
  { name: 'status', load: async () => cliCommand((await import('../../commands/reportStatus.js')).reportStatus) },
  { name: 'agent-hook', load: async () => cliCommand((await import('../../commands/agentHook.js')).agentHook) },
  { name: 'approvals', load: async () => cliCommand((await import('../../commands/approvals.js')).approvals) },
  { name: 'explain', load: async () => cliCommand((await import('../../commands/explain.js')).explain) },
  { name: 'up', load: async () => cliCommand((await import('../../commands/stackUp.js')).stackUp) },
  { name: 'down', load: async () => cliCommand((await import('../../commands/stackDown.js')).stackDown) },
  { name: 'runtime', load: async () => cliCommand((await import('../../commands/stackRuntime.js')).stackRuntime) },
  { name: 'logs', load: async () => cliCommand((await import('../../commands/stackLogs.js')).stackLogs) },
  { name: 'hook', load: async () => cliCommand((await import('../../commands/hook.js')).hook) },
  { name: 'profile', summary: "check a repository's stack profile (tessera profile check [PATH])", load: async () => (await import('./profileCheck.js')).profileCheck },
  { name: 'reload', load: async () => cliCommand((await import('../../commands/reload.js')).reload) },
  { name: 'hosts', load: async () => (await import('./hosts.js')).hosts },
  { name: 'host', load: async () => (await import('./hostInstall.js')).hostInstall },
  { name: 'serve', summary: "this machine's server over stdin/stdout, for tessera -H on another machine (run by ssh)", load: async () => (await import('./serve.js')).serve },
  { name: 'server-info', load: async () => cliCommand((await import('../../commands/serverInfo.js')).serverInfo) },
  { name: 'start-server', aliases: ['start'], load: async () => cliCommand((await import('../../commands/startServer.js')).startServer) },
  { name: 'kill-server', load: async () => cliCommand((await import('../../commands/killServer.js')).killServer) },
  { name: 'upgrade', load: async () => cliCommand((await import('../../commands/upgrade.js')).upgrade) },
];

export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
}
