// Builds a CLI command that sends one request to the running server and prints the answer.

import { NoServerError } from '../client/errors.js';
import { askServer } from '../client/request.js';
import type { FlagSpec, ParsedArgs } from '../commands/argParser.js';
import type { CliCommand, CliContext } from './command.js';

export interface ControlCommandSpec {
  name: string;
  aliases?: string[];
  usage: string;
  flags: FlagSpec[];
  maxPositionals?: number;
  /** The request's arguments; throw UsageError for a bad combination of flags. */
  toArgs(args: ParsedArgs, ctx: CliContext): Record<string, unknown>;
  /**
   * A read-only command's answer when no server runs, from the files on disk, in the shape the server
   * gives: the command then neither needs nor starts a server. Its note (what only a server knows) goes to stderr.
   */
  offline?(requestArgs: Record<string, unknown>, ctx: CliContext): { result: unknown; note?: string } | Promise<{ result: unknown; note?: string }>;
  /** Starts the server when none runs (rm, reset: they act on dormant workspaces, which only a server changes). */
  startServer?: boolean;
  /** Prints the server's answer (nothing by default); may return the exit status (default 0). */
  print?(result: unknown, args: ParsedArgs, ctx: CliContext): number | void | Promise<number | void>;
}

export function controlCommand(spec: ControlCommandSpec): CliCommand {
  return {
    name: spec.name,
    aliases: spec.aliases,
    usage: spec.usage,
    flags: spec.flags,
    maxPositionals: spec.maxPositionals ?? 0,
    async run(args, ctx) {
      const requestArgs = spec.toArgs(args, ctx);
      const result = await askServerOr(spec, requestArgs, ctx);
      // Only a number is an exit status: a print written as an arrow may return whatever out() returns.
      const status: unknown = await spec.print?.(result, args, ctx);
      return typeof status === 'number' ? status : 0;
    },
  };
}

/** The server's answer; without a server, the command's answer from disk (when it has one). */
async function askServerOr(spec: ControlCommandSpec, requestArgs: Record<string, unknown>, ctx: CliContext): Promise<unknown> {
  // Another machine's files are not on this disk: with -H a read-only command starts the server there, as before.
  const start = spec.startServer === true || (ctx.host !== undefined && spec.offline !== undefined);
  let socket;
  try {
    socket = await ctx.connect(start);
  } catch (error) {
    if (!(error instanceof NoServerError) || !spec.offline || ctx.host !== undefined) throw error;
    const { result, note } = await spec.offline(requestArgs, ctx);
    if (note !== undefined) ctx.err(`tessera: ${note}\n`);
    return result;
  }
  // The first connection is the one made above; a retry while the server hands over connects again.
  let first: typeof socket | undefined = socket;
  const connect = async () => {
    const next = first ?? (await ctx.connect(start));
    first = undefined;
    return next;
  };
  return askServer(connect, spec.name, requestArgs, { cwd: ctx.cwd, callerPane: ctx.callerPane });
}

/** `-t` for commands that act on a pane; absent means the pane the command runs in, or the focused one. */
export const targetPaneFlag: FlagSpec = { name: 'target', short: 't', value: true };
export const jsonFlag: FlagSpec = { name: 'json' };
