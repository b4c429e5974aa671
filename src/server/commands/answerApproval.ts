// approve / deny / abort: answer a pane's question from a script (it must be waiting; `question` names the one meant).

import { InvalidInput, optStr } from '../../protocol/validate.js';
import { answerApproval, type Answer } from '../approval/answer.js';
import { QUESTION_ID_PATTERN } from '../../protocol/questionId.js';
import type { ServerCommand } from './command.js';
import { callerPane, targetPane } from './targets.js';

function answerCommand(name: string, answer: Answer): ServerCommand {
  return {
    name,
    run(args, ctx) {
      const meant = optStr(args.question, 'question', 64);
      if (meant !== undefined && !QUESTION_ID_PATTERN.test(meant)) throw new InvalidInput(`invalid question id '${meant}': use the id list-panes or explain shows, e.g. 3fa9c2-17`);
      const target = targetPane(args, ctx);
      // Typed in a pane (a script an agent runs, a bound key): which one, as tessera itself knows it.
      const typedIn = callerPane(ctx)?.pane.id;
      const client = typedIn === undefined ? `tessera ${name}` : `tessera ${name} in pane ${typedIn}`;
      return { question: answerApproval(target, answer, { meant, origin: { via: 'command', client }, journal: ctx.answers, agents: ctx.agents }) };
    },
  };
}

export const approve = answerCommand('approve', 'allow');
export const deny = answerCommand('deny', 'deny');
export const abort = answerCommand('abort', 'abort');
