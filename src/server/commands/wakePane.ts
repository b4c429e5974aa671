// wake: start a sleeping pane's agent again in its conversation.

import { wakePane as definition } from '../../commands/sleepPane.js';
import { wakePane as wake } from '../agent/paneSleep.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const wakePane = implement(definition, async (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  const { pane: woken, note } = await wake(ctx, pane.id);
  return { id: woken.id, sessionId: woken.sessionId ?? null, note: note ?? null };
});
