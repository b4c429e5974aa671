// The shape of one CLI command; each lives in its own file under commands/.

import type { FlagSpec, ParsedArgs } from './argParser.js';

export interface CliContext {
  socketPath: string;
  /** How the user named the server, for messages: `-L work` or `-S /path`. */
  serverLabel: string;
  env: NodeJS.ProcessEnv;
  /** The pane this command was typed in (`$TESSERA_PANE`), only when it talks to that pane's own server. */
  callerPane: string | undefined;
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
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
  run(args: ParsedArgs, ctx: CliContext): Promise<number>;
}
