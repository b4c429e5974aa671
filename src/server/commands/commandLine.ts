// A tessera command line run inside the server (a key bound with the `bind` setting): parsed with
// the command's own flags, run as the request a `tessera …` typed in the focused pane would send,
// and its printed answer kept to show in the status bar.

import { parseArgs } from '../../commands/argParser.js';
import type { Fields } from '../../protocol/validate.js';
import type { CommandContext } from './command.js';
import { didYouMean } from '../../commands/didYouMean.js';
import { commandLineWords, findServerCommand } from './index.js';

export interface CommandLineOutcome {
  /** The exit status `tessera …` would have. */
  status: number;
  /** What it printed (its error output when it has any), trimmed; or why it failed. */
  text: string;
}

export async function runCommandLine(argv: readonly string[], ctx: CommandContext): Promise<CommandLineOutcome> {
  const [name = '', ...rest] = argv;
  const command = findServerCommand(name);
  const definition = command?.definition;
  if (!command || !definition) return { status: 1, text: `unknown command '${name}'${didYouMean(name, commandLineWords())}` };
  let out = '';
  let err = '';
  try {
    const parsed = parseArgs(rest, definition.flags, { maxPositionals: definition.maxPositionals ?? 0 });
    const args = definition.fromCli(parsed, { cwd: ctx.cwd ?? '/', env: ctx.env });
    const result = await command.run(args as Fields, ctx);
    // Shown in the status bar, whose drawing marks control characters itself.
    const print = { out: (text: string) => (out += text), err: (text: string) => (err += text), outRaw: (text: string) => (out += text) };
    const status: unknown = await definition.print?.(result, parsed, print);
    return { status: typeof status === 'number' ? status : 0, text: (err || out).trim() };
  } catch (error) {
    return { status: 1, text: `${name}: ${(error as Error).message}` };
  }
}
