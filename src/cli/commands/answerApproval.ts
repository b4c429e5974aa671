// tessera approve / deny / abort: answer a waiting agent's permission prompt from a script.

import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

function answerCommand(name: string, summary: string, what: string) {
  return controlCommand({
    name,
    summary,
    usage: `tessera ${name} -t PANE

  ${what} The pane must be waiting for approval (its pill says "approval"); otherwise this
  fails and sends nothing. The keys sent are that agent's own (e.g. "1" for Claude Code's "Yes").`,
    flags: [targetPaneFlag],
    toArgs: (args) => ({ pane: targetArg(args) }),
  });
}

export const approve = answerCommand('approve', "allow what a waiting agent asks", 'Allows the action the agent asks permission for.');
export const deny = answerCommand('deny', 'refuse what a waiting agent asks', 'Refuses the action; the agent stops that turn.');
export const abort = answerCommand('abort', "dismiss an agent's question and interrupt its turn", 'Dismisses the dialog and interrupts the turn (the Esc key).');
