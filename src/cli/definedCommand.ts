// A command line for a command definition (src/commands/): parses the flags into the request's
// arguments, asks the server (or, when none runs and the definition can, answers from disk),
// prints the answer.

import { NoServerError } from '../client/errors.js';
import { askServer } from '../client/request.js';
import type { CliAbilities, CommandDefinition, SomeCommand } from '../commands/contract.js';
import type { CliCommand, CliContext } from './command.js';

/** What runCli may do at the terminal (src/cli/terminalTools.ts); the quick path has none (its commands have no runCli). */
export type TerminalTools = (ctx: CliContext) => Omit<CliAbilities, 'host' | 'askCommand'>;

const NO_TOOLS: TerminalTools = () => {
  const none = (): never => {
    throw new Error('this command line cannot do that here');
  };
  return { confirm: none, canAttach: none, attach: none, askEveryHost: none };
};

export function cliCommand(definition: SomeCommand, tools: TerminalTools = NO_TOOLS): CliCommand {
  return {
    name: definition.name,
    aliases: definition.aliases,
    summary: definition.summary,
    usage: definition.usage,
    flags: definition.flags,
    maxPositionals: definition.maxPositionals ?? 0,
    definition,
    async run(args, ctx) {
      const ask = (requestArgs: object, options: { onOutput?: (text: string) => void } = {}): Promise<unknown> => askOrOffline(definition, requestArgs, ctx, options);
      if (definition.runCli) {
        const askCommand = <A2 extends object, R2>(other: CommandDefinition<A2, R2>, otherArgs: A2): Promise<R2> => askOrOffline(other as SomeCommand, otherArgs, ctx) as Promise<R2>;
        return definition.runCli(args, { ...ctx, ...tools(ctx), askCommand }, ask);
      }
      // Output that comes while it runs goes through out() like the rest: its control characters are shown as marks.
      const live = definition.liveOutput?.(args) ? { onOutput: ctx.out } : {};
      const result = await ask(definition.fromCli(args, ctx), live);
      // Only a number is an exit status: a print written as an arrow may return whatever out() returns.
      const status: unknown = await definition.print?.(result, args, ctx);
      return typeof status === 'number' ? status : 0;
    },
  };
}

/** The server's answer; when no server runs, the definition's answer from disk if it has one (no server is started to look). */
async function askOrOffline(definition: SomeCommand, requestArgs: object, ctx: CliContext, options: { onOutput?: (text: string) => void } = {}): Promise<unknown> {
  // Another machine's files are not on this disk: with -H a command that could answer offline starts the server there.
  const start = definition.server === 'start' || (ctx.host !== undefined && definition.offline !== undefined);
  const ask = (connect: () => Promise<Awaited<ReturnType<CliContext['connect']>>>) =>
    askServer(connect, definition.name, requestArgs as Record<string, unknown>, { cwd: ctx.cwd, callerPane: ctx.callerPane, ...options });
  if (!definition.offline || ctx.host !== undefined) return ask(() => ctx.connect(start));
  let first;
  try {
    first = await ctx.connect(start);
  } catch (error) {
    if (!(error instanceof NoServerError)) throw error;
    const { result, note } = await definition.offline(requestArgs, { cwd: ctx.cwd, env: ctx.env, socketPath: ctx.socketPath });
    if (note !== undefined) ctx.err(`tessera: ${note}\n`);
    return result;
  }
  // The first connection is the one made above; a retry while the server hands over connects again.
  let kept: typeof first | undefined = first;
  return ask(async () => {
    const next = kept ?? (await ctx.connect(start));
    kept = undefined;
    return next;
  });
}
