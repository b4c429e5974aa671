// Parses the global options, then runs the command (or attaches when there is none).

import { CommandError, ConnectionError, NoServerError } from '../client/errors.js';
import { SocketPathError } from '../protocol/socketPath.js';
import { UsageError, parseArgs } from '../commands/argParser.js';
import { endQuietlyOnBrokenPipe } from './brokenPipe.js';
import type { CliCommand, CliContext } from './command.js';
import { COMMANDS, findCommand } from './commands/index.js';
import { generalHelp, type CommandSummary } from './help.js';
import { chooseServer } from './serverChoice.js';
import { connectOrStartServer, connectToServer } from '../client/connect.js';
import { VERSION } from '../version.js';
import { PROTOCOL_VERSION } from '../protocol/messages.js';
import { err, out, outRaw } from './output.js';
import { didYouMean } from '../commands/didYouMean.js';

export async function runCli(argv: string[]): Promise<number> {
  endQuietlyOnBrokenPipe(process.stdout);
  endQuietlyOnBrokenPipe(process.stderr);
  try {
    return await dispatch(argv);
  } catch (error) {
    err(`tessera: ${describeFailure(error)}\n`);
    if (error instanceof UsageError) err(error.command === undefined ? "try 'tessera --help'\n" : `try 'tessera help ${error.command}'\n`);
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
  let host: string | undefined;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-L' || arg === '-S' || arg === '-H') {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      if (arg === '-L') name = value;
      else if (arg === '-H') host = value;
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
  if (host !== undefined && socketFile !== undefined) throw new UsageError("-S names a socket of this machine; with -H, name the host's server with -L (or hosts.NAME.server)");
  const commandName = argv[i];
  if (commandName === 'help') return showCommandHelp(argv[i + 1]);
  const entry = commandName === undefined ? undefined : findCommand(commandName);
  if (commandName !== undefined && !entry) throw new UsageError(`unknown command '${commandName}'${didYouMean(commandName, commandWords())}`);
  const command = await entry?.load();
  try {
    return await runCommand(command, argv.slice(i + 1), { name, socketFile, host });
  } catch (error) {
    // The command's own usage (tessera help NAME) is the help that says what was wrong, not the whole list.
    if (error instanceof UsageError && command) error.command ??= command.name;
    throw error;
  }
}

/** Runs `command` (none: attach) with its command line `rest`, on the server the global options chose. */
async function runCommand(command: CliCommand | undefined, rest: string[], server: { name?: string; socketFile?: string; host?: string }): Promise<number> {
  const { name, socketFile, host } = server;
  if (command && asksForHelp(rest, command.flags.some((f) => f.short === 'h'))) return showCommandHelp(command.name);
  const args = command && parseArgs(rest, command.flags, { maxPositionals: command.maxPositionals ?? 0 });
  const choice = chooseServer({ name: host === undefined ? name : undefined, socketFile }, process.env);
  const local: CliContext = {
    ...choice,
    connect: (start) => (start ? connectOrStartServer(choice.socketPath, process.env) : connectToServer(choice.socketPath, choice.serverLabel, process.env)),
    host: undefined,
    env: process.env,
    cwd: process.cwd(),
    out,
    err,
    outRaw,
  };
  const run = async (ctx: CliContext): Promise<number> => {
    if (command && args) return command.run(args, ctx);
    const { attachTerminal } = await import('./attachFlow.js');
    return attachTerminal(ctx, { createCwd: ctx.cwd, startServer: true });
  };
  if (host === undefined) return run(local);
  // Only now, once the command line is known to be right: reaching the host costs an ssh login.
  const { hostContext, hostTarget, refuseHereOnly, settingsForHosts } = await import('./hostContext.js');
  if (command) refuseHereOnly(command.name, host);
  const remote = await hostContext(hostTarget(settingsForHosts(process.env), host, process.env, name), local);
  try {
    return await run(remote.ctx);
  } finally {
    remote.close();
  }
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
