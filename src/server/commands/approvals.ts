// approvals: the questions agents wait on in every open workspace, or (--log) the answer log.

import { approvals as definition } from '../../commands/approvals.js';
import { waitingQuestions } from '../approval/waitingQuestions.js';
import { implement } from './command.js';

export const approvals = implement(definition, (args, ctx) => (args.log ? ctx.answers.read() : { waiting: [...waitingQuestions(ctx.registry.list()), ...(ctx.hostQuestions?.() ?? [])] }));
