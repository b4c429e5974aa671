// The shape of one CLI command; each lives in its own file under commands/.

import type { Duplex } from 'node:stream';
import type { FlagSpec, ParsedArgs } from '../commands/argParser.js';
import type { SomeCommand } from '../commands/contract.js';

export interface CliContext {
  /** The local server's socket (meaningless with -H: connect() reaches the host's server). */
  socketPath: string;
  /**
   * A connection to the server the command talks to: this machine's socket, or another machine's server
   * through ssh (-H). `start`: start the server first when none runs (as most commands do).
   */
  connect(start: boolean): Promise<Duplex>;
  /** The host's name with -H HOST; undefined for this machine. */
  host: string | undefined;
  /** How the user named the server, for messages: `-L work` or `-S /path`. */
  serverLabel: string;
  env: NodeJS.ProcessEnv;
  /** The pane this command was typed in (`$TESSERA_PANE`), only when it talks to that pane's own server. */
  callerPane: string | undefined;
  /** The working directory relative paths mean: this process's, or with -H the bridge's there (the home). */
  cwd: string;
  /**
   * Text for the user's terminal. It passes visibleText with its lines kept: a control character in it
   * (from a file, a name, a title quoted in it) is shown as a mark, never written raw.
   */
  out: (text: string) => void;
  /** The same for stderr. */
  err: (text: string) => void;
  /**
   * Bytes written exactly as they are, for output tessera composed itself around text it escaped
   * already (a diff it coloured) or a pane's captured screen (its colours with --ansi).
   */
  outRaw: (text: string) => void;
}

export interface CliCommand {
  name: string;
  aliases?: string[];
  /** One line for `tessera --help` (when the registry's entry has none). */
  summary?: string;
  /** The usage line(s) and details for `tessera help COMMAND`. */
  usage: string;
  flags: FlagSpec[];
  maxPositionals?: number;
  /** The definition (src/commands/) it runs; absent for a command only the command line has (attach, serve, hosts…). */
  definition?: SomeCommand;
  run(args: ParsedArgs, ctx: CliContext): Promise<number>;
}
