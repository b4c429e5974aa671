// tessera approve / deny / abort: answer a waiting agent's permission prompt from a script.

import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

function answerCommand(name: string, what: string) {
  return controlCommand({
    name,
    usage: `tessera ${name} -t PANE

  ${what} The pane must be waiting for approval (its pill says "approval"); otherwise this
  fails and sends nothing. The keys sent are that agent's own (e.g. "1" for Claude Code's "Yes").`,
    flags: [targetPaneFlag],
    toArgs: (args) => ({ pane: targetArg(args) }),
  });
}

export const approve = answerCommand('approve', 'Allows the action the agent asks permission for.');
export const deny = answerCommand('deny', 'Refuses the action; the agent stops that turn.');
export const abort = answerCommand('abort', 'Dismisses the dialog and interrupts the turn (the Esc key).');
