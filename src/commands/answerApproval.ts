// tessera approve / deny / abort: answer a waiting agent's question from a script.

import { QUESTION_ID_PATTERN } from '../protocol/questionId.js';
import { InvalidInput, optStr } from '../protocol/validate.js';
import { UsageError, stringFlag } from './argParser.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface AnswerArgs {
  pane?: string;
  /** Answer only this question: if the pane now asks something else, fail and send nothing. */
  question?: string;
}

export interface AnswerResult {
  /** The question that was answered, as the agent asked it. */
  question: string;
}

const QUESTION_HELP = 'use the id list-panes --json or explain shows, e.g. 3fa9c2-17';

function answerCommand(name: string, summary: string, what: string) {
  return defineCommand<AnswerArgs, AnswerResult>({
    name,
    summary,
    usage: `tessera ${name} -t PANE [--question ID]

  ${what}
  The keys are written only if the pane's agent waits on a question at that moment (its screen is
  read again just before); otherwise this fails with "no question is waiting in pane N" (exit
  status 1) and sends nothing. A question is answered once: answering it again fails the same way.
  The keys sent are that agent's own (e.g. "1" for Claude Code's "Yes").

  --question ID   answer only this question (its id is in list-panes --json and explain); if the
                  pane now asks something else, fail and send nothing`,
    flags: [targetPaneFlag, { name: 'question', value: true }],
    fromCli(args) {
      const question = stringFlag(args, 'question');
      if (question !== undefined && !QUESTION_ID_PATTERN.test(question)) throw new UsageError(`invalid question id '${question}': ${QUESTION_HELP}`);
      return { pane: paneTargetFlag(args), question };
    },
    parse(fields) {
      const question = optStr(fields.question, 'question', 64);
      if (question !== undefined && !QUESTION_ID_PATTERN.test(question)) throw new InvalidInput(`invalid question id '${question}': ${QUESTION_HELP}`);
      return { pane: parsePaneTarget(fields.pane), question };
    },
  });
}

export const approve = answerCommand('approve', 'allow what a waiting agent asks', 'Allows the action the agent asks permission for.');
export const deny = answerCommand('deny', 'refuse what a waiting agent asks', 'Refuses the action; the agent stops that turn.');
export const abort = answerCommand('abort', "dismiss an agent's question and interrupt its turn", 'Dismisses the dialog and interrupts the turn (the Esc key).');
