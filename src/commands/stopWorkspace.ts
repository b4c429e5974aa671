// tessera stop: end a workspace's panes and leave it dormant with its layout, to open again later.

import { UsageError, stringFlag } from './argParser.js';
import { str } from '../protocol/validate.js';
import { visibleText } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { workspaceTargetFlag } from './land.js';

export interface StopArgs {
  workspace: string;
}

export interface StoppedAgent {
  pane: number;
  agent: string;
  /** The conversation it resumes when the workspace opens again; null when none was recorded. */
  sessionId: string | null;
}

export interface StopResult {
  workspace: string;
  /** How many panes were ended. */
  panes: number;
  agents: StoppedAgent[];
}

export const stopWorkspace = defineCommand<StopArgs, StopResult>({
  name: 'stop',
  summary: "end a workspace's panes and keep it dormant with its layout (attach opens it again)",
  usage: `tessera stop -t WORKSPACE

  Ends every pane of the workspace (each program's whole process group, as kill-server does) and
  leaves the workspace dormant: listed by ls, its folder, branch and files untouched, its record
  keeping the layout, the panes' titles and directories, and each agent's conversation id. A
  client showing it is detached. 'tessera attach -t WORKSPACE' (or the switcher, prefix g) opens
  it again with the same layout; its agents resume their conversations (claude --resume, codex
  resume, …). Other workspaces keep running. Prints the conversation each agent will resume.`,
  flags: [workspaceTargetFlag],
  fromCli(args) {
    const workspace = stringFlag(args, 'target');
    if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
    return { workspace };
  },
  parse: (fields) => ({ workspace: str(fields.workspace, 'workspace', 64) }),
  print(result, _args, output) {
    output.out(`stopped ${result.workspace}: ${result.panes} pane${result.panes === 1 ? '' : 's'} ended; it is dormant ('tessera attach -t ${result.workspace}' opens it again)\n`);
    for (const a of result.agents) {
      output.out(`  pane ${a.pane} (${visibleText(a.agent)}) ${a.sessionId === null ? 'starts a new conversation (none was recorded)' : `resumes conversation ${visibleText(a.sessionId)}`}\n`);
    }
  },
});
