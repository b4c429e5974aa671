// tessera wake: start a sleeping agent again, in its conversation.

import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const wakePane = controlCommand({
  name: 'wake',
  usage: `tessera wake [-t PANE]

  Starts the agent of a sleeping pane again ('tessera sleep'), in the conversation it was in.
  When the agent no longer has that conversation, a new one starts and tessera says so.`,
  flags: [targetPaneFlag],
  toArgs: (args) => ({ pane: targetArg(args) }),
  print(result, _args, ctx) {
    const { id, sessionId, note } = result as { id: number; sessionId: string | null; note: string | null };
    if (note) ctx.err(`tessera: ${note}\n`);
    ctx.out(sessionId ? `pane ${id} awake; conversation ${sessionId}\n` : `pane ${id} awake\n`);
  },
});
