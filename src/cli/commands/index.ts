// Every CLI command, in the order `tessera --help` lists them. A command's code is loaded only when
// it runs, so starting the client stays fast.

import type { CliCommand } from '../command.js';

export interface CommandEntry {
  name: string;
  aliases?: string[];
  /** One line for `tessera --help`. */
  summary: string;
  load(): Promise<CliCommand>;
}

export const COMMANDS: CommandEntry[] = [
  { name: 'new', aliases: ['new-session'], summary: 'create a workspace and attach to it', load: async () => (await import('./newWorkspace.js')).newWorkspace },
  { name: 'attach', aliases: ['a', 'attach-session'], summary: 'attach this terminal to a workspace', load: async () => (await import('./attach.js')).attach },
  { name: 'ls', aliases: ['list-workspaces'], summary: 'list workspaces', load: async () => (await import('./listWorkspaces.js')).listWorkspaces },
  { name: 'templates', summary: 'list the workspace templates (for new --template) and what each starts', load: async () => (await import('./listTemplates.js')).listTemplates },
  { name: 'trust', summary: "see what a repository's .tessera.json would run, and approve it", load: async () => (await import('./trustProject.js')).trustProject },
  { name: 'diff', summary: "print a workspace's changes (untracked files included)", load: async () => (await import('./diffWorkspace.js')).diffWorkspace },
  { name: 'rm', summary: 'remove a workspace (shows what would be lost first)', load: async () => (await import('./removeWorkspace.js')).removeWorkspace },
  { name: 'reset', summary: 'put a worktree workspace back to its base branch (shows what would be lost first)', load: async () => (await import('./removeWorkspace.js')).resetWorkspace },
  { name: 'split', aliases: ['split-window'], summary: 'split a pane and run a command (default: your shell) in the new one', load: async () => (await import('./splitPane.js')).splitPane },
  { name: 'new-pane', summary: 'add an agent (or a shell) pane to a workspace', load: async () => (await import('./newPane.js')).newPane },
  { name: 'sleep', summary: "end a pane's agent but keep the pane, to resume its conversation", load: async () => (await import('./sleepPane.js')).sleepPane },
  { name: 'wake', summary: 'start a sleeping agent again in its conversation', load: async () => (await import('./wakePane.js')).wakePane },
  { name: 'history', summary: 'list ended pane sessions (and the agent conversations to resume)', load: async () => (await import('./history.js')).history },
  { name: 'kill-pane', summary: 'close a pane (its processes are ended)', load: async () => (await import('./killPane.js')).killPane },
  { name: 'zoom', aliases: ['zoom-pane'], summary: 'toggle zoom of a pane (the others keep running, hidden)', load: async () => (await import('./zoomPane.js')).zoomPane },
  { name: 'resize-pane', summary: "move a pane's border by some cells", load: async () => (await import('./resizePane.js')).resizePane },
  { name: 'list-panes', summary: 'list panes (all, or of one workspace)', load: async () => (await import('./listPanes.js')).listPanes },
  { name: 'capture-pane', summary: "print a pane's screen, or lines of its history (-S/-E)", load: async () => (await import('./capturePane.js')).capturePane },
  { name: 'send-keys', summary: 'type keys into a pane', load: async () => (await import('./sendKeys.js')).sendKeys },
  { name: 'view', summary: 'view a file of the workspace in a pane (syntax colours, or rendered markdown)', load: async () => (await import('./viewFile.js')).viewFile },
  { name: 'sync', aliases: ['synchronize-panes'], summary: 'type into several panes at once (mark panes for synchronized input)', load: async () => (await import('./syncInput.js')).syncInput },
  { name: 'approve', summary: 'allow what a waiting agent asks', load: async () => (await import('./answerApproval.js')).approve },
  { name: 'deny', summary: 'refuse what a waiting agent asks', load: async () => (await import('./answerApproval.js')).deny },
  { name: 'abort', summary: "dismiss an agent's question and interrupt its turn", load: async () => (await import('./answerApproval.js')).abort },
  { name: 'explain', summary: "say why a pane's pill shows its state", load: async () => (await import('./explain.js')).explain },
  { name: 'reload', summary: 'apply the settings file now (it is also watched)', load: async () => (await import('./reload.js')).reload },
  { name: 'server-info', summary: "show the server's pid, socket and version", load: async () => (await import('./serverInfo.js')).serverInfo },
  { name: 'kill-server', summary: 'stop the server and every pane in it', load: async () => (await import('./killServer.js')).killServer },
];

export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
}
