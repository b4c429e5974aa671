// A command line for a command definition (src/commands/): parses the flags into the request's
// arguments, asks the server, prints the answer.

import { sendRequest } from '../client/request.js';
import type { SomeCommand } from '../commands/contract.js';
import type { CliCommand } from './command.js';

export function cliCommand(definition: SomeCommand): CliCommand {
  return {
    name: definition.name,
    aliases: definition.aliases,
    summary: definition.summary,
    usage: definition.usage,
    flags: definition.flags,
    maxPositionals: definition.maxPositionals ?? 0,
    async run(args, ctx) {
      const ask = async (requestArgs: object, options: { onOutput?: (text: string) => void } = {}): Promise<unknown> => {
        const socket = await ctx.connect(definition.server === 'start');
        return sendRequest(socket, definition.name, requestArgs as Record<string, unknown>, { cwd: ctx.cwd, callerPane: ctx.callerPane, ...options });
      };
      if (definition.runCli) return definition.runCli(args, ctx, ask);
      // Output that comes while it runs goes through out() like the rest: its control characters are shown as marks.
      const live = definition.liveOutput?.(args) ? { onOutput: ctx.out } : {};
      const result = await ask(definition.fromCli(args, ctx), live);
      // Only a number is an exit status: a print written as an arrow may return whatever out() returns.
      const status: unknown = await definition.print?.(result, args, ctx);
      return typeof status === 'number' ? status : 0;
    },
  };
}
