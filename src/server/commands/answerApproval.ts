// approve / deny / abort: answer a pane's permission prompt from a script (the pane must be waiting).

import { answerApproval, type Answer } from '../approval/answer.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

function answerCommand(name: string, answer: Answer): ServerCommand {
  return {
    name,
    run(args, ctx) {
      const { pane } = targetPane(args, ctx);
      answerApproval(pane, answer);
      return null;
    },
  };
}

export const approve = answerCommand('approve', 'allow');
export const deny = answerCommand('deny', 'deny');
export const abort = answerCommand('abort', 'abort');
