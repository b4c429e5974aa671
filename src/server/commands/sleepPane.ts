// sleep: end an agent's program but keep its pane, to resume the same conversation later.

import { sleepPane as sleep } from '../agent/paneSleep.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const sleepPane: ServerCommand = {
  name: 'sleep',
  async run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    const slept = await sleep(ctx, pane.id);
    return { id: slept.id, sessionId: slept.sessionId ?? null };
  },
};
