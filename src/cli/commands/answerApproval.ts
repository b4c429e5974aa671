// tessera approve / deny / abort: answer a waiting agent's question from a script.

import { QUESTION_ID_PATTERN } from '../../protocol/questionId.js';
import { UsageError, stringFlag, type ParsedArgs } from '../../commands/argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

function questionArg(args: ParsedArgs): string | undefined {
  const id = stringFlag(args, 'question');
  if (id !== undefined && !QUESTION_ID_PATTERN.test(id)) throw new UsageError(`invalid question id '${id}': use the id list-panes --json or explain shows, e.g. 3fa9c2-17`);
  return id;
}

function answerCommand(name: string, what: string) {
  return controlCommand({
    name,
    usage: `tessera ${name} -t PANE [--question ID]

  ${what}
  The keys are written only if the pane's agent waits on a question at that moment (its screen is
  read again just before); otherwise this fails with "no question is waiting in pane N" (exit
  status 1) and sends nothing. A question is answered once: answering it again fails the same way.
  The keys sent are that agent's own (e.g. "1" for Claude Code's "Yes").

  --question ID   answer only this question (its id is in list-panes --json and explain); if the
                  pane now asks something else, fail and send nothing`,
    flags: [targetPaneFlag, { name: 'question', value: true }],
    toArgs: (args) => ({ pane: targetArg(args), question: questionArg(args) }),
  });
}

export const approve = answerCommand('approve', 'Allows the action the agent asks permission for.');
export const deny = answerCommand('deny', 'Refuses the action; the agent stops that turn.');
export const abort = answerCommand('abort', 'Dismisses the dialog and interrupts the turn (the Esc key).');
