// Every CLI command, in the order `tessera --help` lists them. A command's code is loaded only when
// it runs, so starting the client stays fast.

import type { CliCommand } from '../command.js';
import { cliCommand } from '../definedCommand.js';

export interface CommandEntry {
  name: string;
  aliases?: string[];
  /** One line for `tessera --help`; a defined command (src/commands/) has it in its definition. */
  summary?: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: CommandEntry[] = [
  { name: 'new', aliases: ['new-session'], summary: 'create a workspace and attach to it', load: async () => (await import('./newWorkspace.js')).newWorkspace },
  { name: 'attach', aliases: ['a', 'attach-session'], summary: 'attach this terminal to a workspace', load: async () => (await import('./attach.js')).attach },
  { name: 'ls', aliases: ['list-workspaces'], summary: 'list workspaces', load: async () => (await import('./listWorkspaces.js')).listWorkspaces },
  { name: 'templates', summary: 'list the workspace templates (for new --template) and what each starts', load: async () => (await import('./listTemplates.js')).listTemplates },
  { name: 'trust', summary: "see what a repository's .tessera.json would run, and approve it", load: async () => (await import('./trustProject.js')).trustProject },
  { name: 'diff', load: async () => cliCommand((await import('../../commands/diff.js')).diff) },
  { name: 'rm', summary: 'remove a workspace (shows what would be lost first)', load: async () => (await import('./removeWorkspace.js')).removeWorkspace },
  { name: 'land', load: async () => cliCommand((await import('../../commands/land.js')).land) },
  { name: 'push', load: async () => cliCommand((await import('../../commands/push.js')).push) },
  { name: 'switch', load: async () => cliCommand((await import('../../commands/switchBranch.js')).switchBranch) },
  { name: 'stop', load: async () => cliCommand((await import('../../commands/stopWorkspace.js')).stopWorkspace) },
  { name: 'reset', summary: 'put a worktree workspace back to its base branch (shows what would be lost first)', load: async () => (await import('./removeWorkspace.js')).resetWorkspace },
  { name: 'split', aliases: ['split-window'], load: async () => cliCommand((await import('../../commands/splitPane.js')).splitPane) },
  { name: 'new-pane', load: async () => cliCommand((await import('../../commands/newPane.js')).newPane) },
  { name: 'sleep', load: async () => cliCommand((await import('../../commands/sleepPane.js')).sleepPane) },
  { name: 'wake', load: async () => cliCommand((await import('../../commands/sleepPane.js')).wakePane) },
  { name: 'history', summary: 'list ended pane sessions (and the agent conversations to resume)', load: async () => (await import('./history.js')).history },
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
  { name: 'list-panes', summary: 'list panes (all, or of one workspace)', load: async () => (await import('./listPanes.js')).listPanes },
  { name: 'capture-pane', load: async () => cliCommand((await import('../../commands/capturePane.js')).capturePane) },
  { name: 'send-keys', load: async () => cliCommand((await import('../../commands/sendKeys.js')).sendKeys) },
  { name: 'view', summary: 'view a file of the workspace in a pane (syntax colours, or rendered markdown)', load: async () => (await import('./viewFile.js')).viewFile },
  { name: 'sync', aliases: ['synchronize-panes'], load: async () => cliCommand((await import('../../commands/syncInput.js')).syncInput) },
  { name: 'approve', summary: 'allow what a waiting agent asks', load: async () => (await import('./answerApproval.js')).approve },
  { name: 'deny', summary: 'refuse what a waiting agent asks', load: async () => (await import('./answerApproval.js')).deny },
  { name: 'abort', summary: "dismiss an agent's question and interrupt its turn", load: async () => (await import('./answerApproval.js')).abort },
  { name: 'events', summary: 'print what happens (workspaces, panes, states, questions, notifications) as it happens', load: async () => (await import('./events.js')).events },
  { name: 'status', load: async () => cliCommand((await import('../../commands/reportStatus.js')).reportStatus) },
  { name: 'agent-hook', load: async () => cliCommand((await import('../../commands/agentHook.js')).agentHook) },
  { name: 'approvals', load: async () => cliCommand((await import('../../commands/approvals.js')).approvals) },
  { name: 'explain', summary: "say why a pane's pill shows its state", load: async () => (await import('./explain.js')).explain },
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
