// wake: start a sleeping agent again, in the conversation it was in (or a new one, saying so).

import { wakePane as wake } from '../agent/paneSleep.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const wakePane: ServerCommand = {
  name: 'wake',
  async run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    const { pane: woken, note } = await wake(ctx, pane.id);
    return { id: woken.id, sessionId: woken.sessionId ?? null, note: note ?? null };
  },
};
