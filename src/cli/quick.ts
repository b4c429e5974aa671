// The quick path: the read-only queries that scripts and status bars run in loops (`tessera approvals
// --json` every second) answered by a small bundle of their own (dist/cli/quick.cjs, a tenth of the
// full client), so each run costs little more than starting node. It runs the same definition the
// full command line runs (src/commands/), through the same output. Without a server, a command whose
// definition answers offline (list-panes) answers here from disk as the full command line would.
// Anything else it is not sure of (-H, help, no server, a bad flag) it leaves to the full command
// line, which then runs the command from the start and says what went wrong in its usual words: a
// query asked twice changes nothing.

import type { QuickLine } from '../boot/quickCommands.js';
import { connectToServer } from '../client/connect.js';
import { parseArgs } from '../commands/argParser.js';
import { approvals } from '../commands/approvals.js';
import { listPanes } from '../commands/listPanes.js';
import type { SomeCommand } from '../commands/contract.js';
import { serverInfo } from '../commands/serverInfo.js';
import { endQuietlyOnBrokenPipe } from './brokenPipe.js';
import type { CliContext } from './command.js';
import { cliCommand } from './definedCommand.js';
import { err, out, outRaw } from './output.js';
import { chooseServer } from './serverChoice.js';

/** The definitions of src/boot/quickCommands.ts's QUICK_COMMANDS (a unit test checks the two lists match and that each only reads). */
export const QUICK_DEFINITIONS: Readonly<Record<string, SomeCommand>> = { approvals, 'server-info': serverInfo, 'list-panes': listPanes };

/** The command's exit status, or undefined when the full command line must run it. */
export async function runQuick(line: QuickLine): Promise<number | undefined> {
  const definition = QUICK_DEFINITIONS[line.command];
  if (!definition) return undefined;
  let wrote = false;
  const noting =
    (write: (text: string) => void) =>
    (text: string): void => {
      wrote = true;
      write(text);
    };
  try {
    const choice = chooseServer({ name: line.name, socketFile: line.socketFile }, process.env);
    const ctx: CliContext = {
      ...choice,
      // Never a server started: a query without one is the full command line's to answer.
      connect: () => connectToServer(choice.socketPath, choice.serverLabel, process.env),
      host: undefined,
      env: process.env,
      cwd: process.cwd(),
      out: noting(out),
      err: noting(err),
      outRaw: noting(outRaw),
    };
    const args = parseArgs(line.rest, definition.flags, { maxPositionals: definition.maxPositionals ?? 0 });
    endQuietlyOnBrokenPipe(process.stdout);
    endQuietlyOnBrokenPipe(process.stderr);
    return await cliCommand(definition).run(args, ctx);
  } catch (error) {
    if (!wrote) return undefined;
    // Half an answer is out already: running it again would print it twice.
    err(`tessera: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
