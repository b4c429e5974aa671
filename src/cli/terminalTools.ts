// What a defined command's runCli may do at the terminal (src/commands/contract.ts CliAbilities):
// ask yes or no, attach, ask every host. Kept apart from definedCommand.ts so the quick path's
// small bundle, whose commands do none of this, does not carry the attaching client.

import readline from 'node:readline/promises';
import type { HostReply } from '../commands/contract.js';
import { attachTerminal, canAttach } from './attachFlow.js';
import type { CliContext } from './command.js';
import { cliCommand as definedCliCommand, type TerminalTools } from './definedCommand.js';
import type { SomeCommand } from '../commands/contract.js';

export const terminalTools: TerminalTools = (ctx: CliContext) => ({
  confirm,
  canAttach: (instead) => canAttach(ctx, instead),
  attach: (workspace) => attachTerminal(ctx, { workspace, startServer: false, checked: true }),
  askEveryHost: (command) => askEveryHost(ctx, command),
});

/** The registry's command line for a definition: with the terminal's abilities. */
export const cliCommand = (definition: SomeCommand) => definedCliCommand(definition, terminalTools);

/** Asks on the terminal; false when there is none to ask on. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return false;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(question);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/**
 * Every host of the hosts setting asked at once; a host that cannot be reached says why (with its name) instead.
 * Every string of an answer from another machine comes with its control characters as marks.
 */
async function askEveryHost(ctx: CliContext, command: string): Promise<HostReply[]> {
  const { hostTarget, settingsForHosts } = await import('./hostContext.js');
  const { askHost, plainStrings } = await import('./hostRequests.js');
  const settings = settingsForHosts(ctx.env);
  const answers = await Promise.all(Object.keys(settings.hosts).map((name) => askHost(hostTarget(settings, name, ctx.env), command, true)));
  return answers.map((answer) => ('result' in answer ? { host: answer.target.name, result: plainStrings(answer.result) } : { host: answer.target.name, error: answer.error.message }));
}
