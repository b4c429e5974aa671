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
  /** `start`: the command line starts a server when none runs (ls, new); by default one must run. */
  server?: 'running' | 'start';
  /**
   * For a command line that does more than ask once and print (asks the user to confirm, asks the
   * server again): replaces that. `ask` sends this command's request.
   */
  runCli?(args: ParsedArgs, io: CommandCaller & CommandOutput, ask: Ask<A, R>): Promise<number>;
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
