// sleep: end a pane's agent but keep the pane.

import { sleepPane as definition } from '../../commands/sleepPane.js';
import { sleepPane as sleep } from '../agent/paneSleep.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const sleepPane = implement(definition, async (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  const slept = await sleep(ctx, pane.id);
  return { id: slept.id, sessionId: slept.sessionId ?? null };
});
