// tessera up: start a workspace's own stack (its profile's boot hook, services and health check).

import { boolFlag } from './argParser.js';
import { terminalJson } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { parseStackArgs, stackArgsFromCli, stackWorkspaceFlag, statusLines, type StackArgs, type UpResult } from './stackResults.js';
import { jsonFlag } from './targets.js';

export interface UpArgs extends StackArgs {
  noBuild?: boolean;
}

export const stackUp = defineCommand<UpArgs, UpResult>({
  name: 'up',
  summary: "start the workspace's own app (its stack: boot, services, health)",
  usage: `tessera up [-t WORKSPACE] [--no-build] [--json]

  Starts the stack the repository's .tessera.json declares (see 'tessera help stack'), once the
  file is approved ('tessera trust'): takes the workspace's slot and ports (kept from the last
  time), runs the boot hook (skipped with --no-build), starts every service that does not run
  yet, fully detached (they outlive clients and the server), then waits for the health hook to
  pass (or, without one, for each service's port to listen). A failed health check leaves the
  services running and says which one never came up. Ctrl-C (or 'tessera down') ends the boot or
  health check under way; services already started keep running until 'tessera down'. Without -t:
  the workspace of the pane it is typed in, else the one whose folder holds the current directory,
  else the latest used.`,
  server: 'start',
  flags: [stackWorkspaceFlag, { name: 'no-build' }, jsonFlag],
  fromCli: (args) => ({ ...stackArgsFromCli(args), ...(boolFlag(args, 'no-build') ? { noBuild: true } : {}) }),
  parse: (fields) => ({ ...parseStackArgs(fields), ...(fields.noBuild === true ? { noBuild: true } : {}) }),
  print(result, args, output) {
    if (boolFlag(args, 'json')) output.out(`${terminalJson(result)}\n`);
    else {
      if (result.started.length > 0) output.out((`started: ${result.started.join(', ')}\n`));
      output.out(statusLines(result));
    }
    if (result.error !== undefined) {
      output.err(`tessera: up failed: ${(result.error)}\n`);
      return 1;
    }
    return 0;
  },
});
