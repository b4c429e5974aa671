// tessera push: a workspace's branch to a remote, with its upstream set.

import { UsageError, stringFlag } from './argParser.js';
import { optStr, str } from '../protocol/validate.js';
import { visibleText } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { workspaceTargetFlag } from './land.js';

export interface PushArgs {
  workspace: string;
  remote?: string;
}

export interface PushResult {
  remote: string;
  branch: string;
  summary: string;
}

export const push = defineCommand<PushArgs, PushResult>({
  name: 'push',
  summary: "push a workspace's branch and set its upstream",
  usage: `tessera push -t WORKSPACE [--remote NAME]

  Pushes the branch checked out in the workspace to the remote (default: the branch's own remote,
  else origin, else the only remote) under the same name, and sets it as the branch's upstream:
  from then on ls counts ahead/behind against it. git never asks for a password here (no terminal
  to answer): use a credential helper or an ssh agent.`,
  flags: [workspaceTargetFlag, { name: 'remote', value: true }],
  server: 'start',
  fromCli(args) {
    const workspace = stringFlag(args, 'target');
    if (workspace === undefined) throw new UsageError('give the workspace with -t NAME');
    return { workspace, remote: stringFlag(args, 'remote') };
  },
  parse: (fields) => ({ workspace: str(fields.workspace, 'workspace', 64), remote: optStr(fields.remote, 'remote', 255) }),
  print: (result, _args, output) => output.out(`pushed ${visibleText(result.branch)} to ${visibleText(result.remote)} (upstream set)${result.summary ? `\n${visibleText(result.summary)}` : ''}\n`),
});
