// Parses the global options, then runs the command (or attaches when there is none).

import { CommandError, ConnectionError, NoServerError } from '../client/errors.js';
import { SocketPathError } from '../protocol/socketPath.js';
import { UsageError, parseArgs } from '../commands/argParser.js';
import { endQuietlyOnBrokenPipe } from './brokenPipe.js';
import type { CliContext } from './command.js';
import { COMMANDS, findCommand } from './commands/index.js';
import { generalHelp, type CommandSummary } from './help.js';
import { chooseServer } from './serverChoice.js';
import { VERSION } from '../version.js';
import { PROTOCOL_VERSION } from '../protocol/messages.js';
import { visibleText } from '../term/visibleText.js';
import { didYouMean } from '../commands/didYouMean.js';

// Nothing returned: a command's print() may return an exit status, and write()'s `true` is none.
// Text goes through visibleText: what a command prints can quote names and files from outside.
const out = (text: string): void => {
  process.stdout.write(visibleText(text, { lines: true }));
};
const err = (text: string): void => {
  process.stderr.write(visibleText(text, { lines: true }));
};
const outRaw = (text: string): void => {
  process.stdout.write(text);
};

export async function runCli(argv: string[]): Promise<number> {
  endQuietlyOnBrokenPipe(process.stdout);
  endQuietlyOnBrokenPipe(process.stderr);
  try {
    return await dispatch(argv);
  } catch (error) {
    err(`tessera: ${describeFailure(error)}\n`);
    if (error instanceof UsageError) err("try 'tessera --help'\n");
    return 1;
  }
}

/**
 * One line for what a user can meet (bad usage, no server, a refused command, a system error such as
 * EACCES); a stack trace only for a bug in tessera itself, or when TESSERA_DEBUG asks for it.
 */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const known =
    error instanceof UsageError ||
    error instanceof NoServerError ||
    error instanceof CommandError ||
    error instanceof ConnectionError ||
    error instanceof SocketPathError;
  const bug = error instanceof TypeError || error instanceof ReferenceError || error instanceof RangeError || error instanceof SyntaxError;
  if (process.env.TESSERA_DEBUG || (bug && !known)) return String(error.stack ?? error);
  return error.message;
}

async function dispatch(argv: string[]): Promise<number> {
  // Global options come before the command name.
  let i = 0;
  let name: string | undefined;
  let socketFile: string | undefined;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-L' || arg === '-S') {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === '-L') name = value;
      else socketFile = value;
      i++;
    } else if (arg === '-h' || arg === '--help') {
      const { prefixInForce } = await import('./helpTopics.js');
      out(generalHelp(await commandSummaries(), VERSION, prefixInForce(process.env)));
      return 0;
    } else if (arg === '-V' || arg === '--version') {
      out(`tessera ${VERSION} (protocol ${PROTOCOL_VERSION})\n`);
      return 0;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`);
    } else break;
  }
  if (name !== undefined && socketFile !== undefined) throw new UsageError('use either -L or -S, not both');
  const ctx: CliContext = {
    ...chooseServer({ name, socketFile }, process.env),
    env: process.env,
    cwd: process.cwd(),
    out,
    err,
    outRaw,
  };
  const commandName = argv[i];
  if (commandName === undefined) {
    const { attachTerminal } = await import('./attachFlow.js');
    return attachTerminal(ctx, { createCwd: ctx.cwd, startServer: true });
  }
  if (commandName === 'help') return showCommandHelp(argv[i + 1]);
  const entry = findCommand(commandName);
  if (!entry) throw new UsageError(`unknown command '${commandName}'${didYouMean(commandName, commandWords())}`);
  const command = await entry.load();
  const rest = argv.slice(i + 1);
  if (asksForHelp(rest, command.flags.some((f) => f.short === 'h'))) return showCommandHelp(command.name);
  const args = parseArgs(rest, command.flags, { maxPositionals: command.maxPositionals ?? 0 });
  return command.run(args, ctx);
}

/** `--help` (or `-h` where the command has no -h of its own) before any `--`. */
function asksForHelp(args: string[], hasOwnH: boolean): boolean {
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  const before = args.slice(0, end);
  return before.includes('--help') || (!hasOwnH && before.includes('-h'));
}

async function showCommandHelp(name: string | undefined): Promise<number> {
  // Loaded only for help: reading the settings is not needed on the way to attaching.
  const { HELP_TOPICS, prefixInForce, topicList, topicText } = await import('./helpTopics.js');
  if (name === undefined) {
    out(generalHelp(await commandSummaries(), VERSION, prefixInForce(process.env)));
    return 0;
  }
  if (name === 'topics') {
    out(topicList());
    return 0;
  }
  const entry = findCommand(name);
  if (!entry) {
    const page = topicText(name);
    if (page !== undefined) {
      out(page);
      return 0;
    }
    throw new UsageError(`no command or topic '${name}'${didYouMean(name, [...commandWords(), ...Object.keys(HELP_TOPICS)])}; 'tessera help topics' lists the topics`);
  }
  const command = await entry.load();
  out(`${entry.summary ?? command.summary ?? ''}\n\nUsage: ${command.usage}\n`);
  return 0;
}

/** Every command's one-line summary: from the registry, or from the command's definition. */
async function commandSummaries(): Promise<CommandSummary[]> {
  return Promise.all(COMMANDS.map(async (entry) => ({ name: entry.name, summary: entry.summary ?? (await entry.load()).summary ?? '' })));
}

/** Every name and alias a command can be called by, for "did you mean". */
function commandWords(): string[] {
  return COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
}
