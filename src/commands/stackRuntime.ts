// tessera runtime: a workspace's stack as it is now (slot, ports, each service alive or not).

import { boolFlag } from './argParser.js';
import { terminalJson } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { parseStackArgs, stackArgsFromCli, stackWorkspaceFlag, statusLines, type StackArgs, type StackStatus } from './stackResults.js';
import { jsonFlag } from './targets.js';

export const stackRuntime = defineCommand<StackArgs, StackStatus>({
  name: 'runtime',
  summary: "show a workspace's stack: slot, ports, services alive or not",
  usage: `tessera runtime [-t WORKSPACE] [--json]

  The workspace's slot and ports, and each service running or not, as found at the moment of
  asking (its processes from its pid file, and whether something listens on its port), and the
  last error of 'tessera up'.`,
  server: 'start',
  flags: [stackWorkspaceFlag, jsonFlag],
  fromCli: stackArgsFromCli,
  parse: parseStackArgs,
  print: (result, args, output) => output.out(boolFlag(args, 'json') ? `${terminalJson(result)}\n` : statusLines(result)),
});
