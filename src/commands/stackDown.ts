// tessera down: stop a workspace's own stack.

import { boolFlag } from './argParser.js';
import { terminalJson } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { parseStackArgs, stackArgsFromCli, stackWorkspaceFlag, type DownResult, type StackArgs } from './stackResults.js';
import { jsonFlag } from './targets.js';

export const stackDown = defineCommand<StackArgs, DownResult>({
  name: 'down',
  summary: "stop the workspace's own app (every process of its services)",
  usage: `tessera down [-t WORKSPACE] [--json]

  Ends every service 'tessera up' started in the workspace: each one's whole process tree,
  children first (also what a service forked before it exited), SIGTERM and then SIGKILL after a
  grace period. Then, only when there were services to stop, anything still listening on the
  workspace's ports. A process whose pid was reused by another program is never touched (its
  start time tells it apart). A stack that is down already: nothing is killed. An up of the
  workspace under way is ended first (its boot or health hook, and it starts no more services).`,
  server: 'start',
  flags: [stackWorkspaceFlag, jsonFlag],
  fromCli: stackArgsFromCli,
  parse: parseStackArgs,
  print(result, args, output) {
    if (boolFlag(args, 'json')) return void output.out(`${terminalJson(result)}\n`);
    if (result.endedUp) output.out(`ended the up of workspace ${result.workspace} that was under way\n`);
    if (result.stopped.length === 0) return void output.out((`workspace ${result.workspace}: no service was running\n`));
    for (const s of result.stopped) output.out((`stopped ${s.name} (${s.processes} process${s.processes === 1 ? '' : 'es'})\n`));
    if (result.freedPorts.length > 0) output.out(`ended what still listened on port ${result.freedPorts.join(', ')}\n`);
  },
});
