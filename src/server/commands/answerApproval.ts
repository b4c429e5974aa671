// approve / deny / abort: answer a waiting agent's question from a script (it must be waiting; `question` names the one meant).

import * as definitions from '../../commands/answerApproval.js';
import type { AnswerArgs, AnswerResult } from '../../commands/answerApproval.js';
import type { CommandDefinition } from '../../commands/contract.js';
import { answerApproval, type Answer } from '../approval/answer.js';
import { implement, type ServerCommand } from './command.js';
import { callerPane, resolvePane } from './targets.js';

function answerCommand(definition: CommandDefinition<AnswerArgs, AnswerResult>, answer: Answer): ServerCommand {
  return implement(definition, (args, ctx) => {
    const target = resolvePane(args.pane, ctx);
    // Typed in a pane (a script an agent runs, a bound key): which one, as tessera itself knows it.
    const typedIn = callerPane(ctx)?.pane.id;
    const client = typedIn === undefined ? `tessera ${definition.name}` : `tessera ${definition.name} in pane ${typedIn}`;
    return { question: answerApproval(target, answer, { meant: args.question, origin: { via: 'command', client }, journal: ctx.answers, agents: ctx.agents }) };
  });
}

export const approve = answerCommand(definitions.approve, 'allow');
export const deny = answerCommand(definitions.deny, 'deny');
export const abort = answerCommand(definitions.abort, 'abort');
