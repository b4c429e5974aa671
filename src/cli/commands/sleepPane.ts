// tessera sleep: end an agent's program but keep its pane, to resume its conversation later.

import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';
import { visibleText } from '../../term/visibleText.js';

export const sleepPane = controlCommand({
  name: 'sleep',
  usage: `tessera sleep [-t PANE]

  Ends the agent running in the pane (its whole process group) but keeps the pane, with its last
  screen and an "asleep" pill. It uses no memory or CPU while asleep. Press Enter in the pane, or
  run 'tessera wake -t PANE', to start the agent again in the same conversation (claude --resume,
  codex resume, gemini --resume, opencode --session). 'tessera kill-pane' ends a pane for good.
  Prints the conversation id the pane will resume, when known. Inside tessera, prefix C-z puts the
  focused agent pane to sleep.`,
  flags: [targetPaneFlag],
  toArgs: (args) => ({ pane: targetArg(args) }),
  print(result, _args, ctx) {
    const { id, sessionId } = result as { id: number; sessionId: string | null };
    ctx.out(sessionId ? `pane ${id} asleep; conversation ${visibleText(sessionId)}\n` : `pane ${id} asleep\n`);
  },
});
