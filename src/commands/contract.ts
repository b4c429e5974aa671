// One definition per control command, as tmux keeps one table entry per command: its name and help,
// how its command line becomes the request's arguments, how the server checks those arguments when
// they arrive, the type of its answer, and how the answer is printed. The CLI, the server, `tessera
// help`, the command palette and key bindings all read the same definition. Pure: nothing here
// connects, spawns or touches the server's state (that is src/server/commands/).

import type { FlagSpec, ParsedArgs } from './argParser.js';
import type { Fields } from '../protocol/validate.js';

/** Where a command line was typed: its directory (relative paths) and environment. */
export interface CommandCaller {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface CommandOutput {
  /** Text for the user: control characters from outside in it are shown as marks (visibleText). */
  out(text: string): void;
  err(text: string): void;
  /** Written exactly as it is: only for output tessera composed itself (a pane's captured screen). */
  outRaw(text: string): void;
}

/** Sends the command's request to the server and resolves with its answer; `onOutput` gets what it prints as it runs. */
export type Ask<A, R> = (args: A, options?: { onOutput?: (text: string) => void }) => Promise<R>;

/** The caller of an offline answer: the socket names the server whose files on disk stand in for it. */
export interface OfflineCaller extends CommandCaller {
  socketPath: string;
}

/** An answer made without a server; `note` (what only a server would know) goes to stderr. */
export interface OfflineAnswer<R> {
  result: R;
  note?: string;
}

/** One host's answer to a request sent to every host of the `hosts` setting: its result, or why it has none. */
export type HostReply = { host: string; result: unknown } | { host: string; error: string };

/**
 * What a command line can do besides asking its own request, for `runCli`: given by the CLI
 * (src/cli/definedCommand.ts), since terminals, attaching and ssh links are the CLI's, not a definition's.
 */
export interface CliAbilities {
  /** -H HOST: the command goes to another machine's server; undefined for this machine's. */
  host: string | undefined;
  /** Asks another defined command, as its own command line would (its offline answer when no server runs). */
  askCommand<A2 extends object, R2>(definition: CommandDefinition<A2, R2>, args: A2): Promise<R2>;
  /** Asks a yes/no question on the terminal; false when there is no terminal to ask on. */
  confirm(question: string): Promise<boolean>;
  /** Whether this terminal can attach (a TTY on both ends; consent when nested in a pane); says why not on stderr, and `instead`. */
  canAttach(instead?: string): Promise<boolean>;
  /** Attaches this terminal to a workspace that exists now (checked with canAttach first); the exit status. */
  attach(workspace: string): Promise<number>;
  /** Sends the command (no arguments) to the server of every host of the `hosts` setting at once. */
  askEveryHost(command: string): Promise<HostReply[]>;
}

export interface CommandDefinition<A, R> {
  /** The name on the command line and on the wire. */
  name: string;
  aliases?: string[];
  /** One line for `tessera --help` and the command palette. */
  summary: string;
  /** The usage line(s) and details for `tessera help NAME`. */
  usage: string;
  flags: FlagSpec[];
  maxPositionals?: number;
  /** The command line's flags as the request's arguments; throws UsageError for a bad combination. */
  fromCli(args: ParsedArgs, caller: CommandCaller): A;
  /** The server's check of arguments that came over the socket: throws InvalidInput naming the field. */
  parse(fields: Fields): A;
  /** Prints the answer; returns the exit status (0 when it returns nothing). */
  print?(result: R, args: ParsedArgs, output: CommandOutput): number | void | Promise<number | void>;
  /**
   * The command has output while it runs (a hook's lines): when this says so for the command line,
   * the server sends it as it comes and the command line prints it at once (through `out`), before
   * `print` gets the answer.
   */
  liveOutput?(args: ParsedArgs): boolean;
  /** `start`: the command line starts a server when none runs (new, rm); by default one must run. */
  server?: 'running' | 'start';
  /**
   * A read-only command's answer when no server runs, from the files a server keeps (ls, history):
   * the command line then neither needs nor starts one. Run by the command line only, never with -H
   * (another machine's files are not on this disk: there its server is started). Load what reads
   * the disk lazily (a dynamic import of its file under offline/), so the definition stays light for the server.
   */
  offline?(args: A, caller: OfflineCaller): OfflineAnswer<R> | Promise<OfflineAnswer<R>>;
  /**
   * For a command line that does more than ask once and print (asks the user to confirm, asks the
   * server again, attaches): replaces that. `ask` sends this command's request (answered offline
   * when the definition says how and no server runs).
   */
  runCli?(args: ParsedArgs, io: CommandCaller & CommandOutput & CliAbilities, ask: Ask<A, R>): Promise<number>;
}

/** A definition of any command (the registries' element type). */
// Methods are checked both ways by TypeScript, so any CommandDefinition<A, R> is one of these.
export type SomeCommand = CommandDefinition<object, unknown>;

/** Declares a command; the identity, for the types' sake. */
export function defineCommand<A extends object, R>(definition: CommandDefinition<A, R>): CommandDefinition<A, R> {
  return definition;
}

/** The type of a definition's answer. */
export type ResultOf<C> = C extends CommandDefinition<object, infer R> ? R : never;
/** The type of a definition's arguments. */
export type ArgsOf<C> = C extends CommandDefinition<infer A, unknown> ? A : never;
