// tessera sleep / wake: end a pane's agent but keep the pane, and start it again in its conversation.

import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface PaneArgs {
  pane?: string;
}

export interface SleepResult {
  id: number;
  /** The conversation the pane will resume, when known. */
  sessionId: string | null;
}

export interface WakeResult extends SleepResult {
  /** Said when the agent no longer had the conversation (a new one started). */
  note: string | null;
}

export const sleepPane = defineCommand<PaneArgs, SleepResult>({
  name: 'sleep',
  summary: "end a pane's agent but keep the pane, to resume its conversation",
  usage: `tessera sleep [-t PANE]

  Ends the agent running in the pane (its whole process group) but keeps the pane, with its last
  screen and an "asleep" pill. It uses no memory or CPU while asleep. Press Enter in the pane, or
  run 'tessera wake -t PANE', to start the agent again in the same conversation (claude --resume,
  codex resume, gemini --resume, opencode --session). 'tessera kill-pane' ends a pane for good.
  Prints the conversation id the pane will resume, when known. Inside tessera, prefix C-z puts the
  focused agent pane to sleep.`,
  flags: [targetPaneFlag],
  fromCli: (args) => ({ pane: paneTargetFlag(args) }),
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane) }),
  print: (result, _args, output) => output.out(result.sessionId ? `pane ${result.id} asleep; conversation ${result.sessionId}\n` : `pane ${result.id} asleep\n`),
});

export const wakePane = defineCommand<PaneArgs, WakeResult>({
  name: 'wake',
  summary: 'start a sleeping agent again in its conversation',
  usage: `tessera wake [-t PANE]

  Starts the agent of a sleeping pane again ('tessera sleep'), in the conversation it was in.
  When the agent no longer has that conversation, a new one starts and tessera says so.`,
  flags: [targetPaneFlag],
  fromCli: (args) => ({ pane: paneTargetFlag(args) }),
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane) }),
  print(result, _args, output) {
    if (result.note) output.err(`tessera: ${result.note}\n`);
    output.out(result.sessionId ? `pane ${result.id} awake; conversation ${result.sessionId}\n` : `pane ${result.id} awake\n`);
  },
});
