// tessera explain: why a pane's pill says what it says.

import { UsageError, boolFlag, type ParsedArgs } from '../../commands/argParser.js';
import { controlCommand, jsonFlag, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';
import { terminalJson, visibleText } from '../../term/visibleText.js';
import type { AgentExplanation } from '../../server/agent/agentMonitor.js';

/** `source`, `rule` and `matched` are there for every pane; the rest of AgentExplanation for agent panes. */
interface Explanation extends AgentExplanation {
  pane: number;
  status: string;
  kind: string;
  agent: string | null;
  /** Where the initial prompt is: "delivered", or what it waits for. */
  prompt?: string;
}

/** `explain 3` or `explain -t 3`. */
function paneArg(args: ParsedArgs): string | undefined {
  const positional = args.positionals[0];
  if (positional === undefined) return targetArg(args);
  if (args.flags.has('target')) throw new UsageError('give the pane either as an argument or with -t, not both');
  if (!/^%?\d{1,9}$/.test(positional)) throw new UsageError(`invalid pane '${positional}': use the pane's number`);
  return positional.replace(/^%/, '');
}

const SOURCES: Record<string, string> = {
  signal: 'a signal from the program',
  channel: "the agent's own channel",
  screen: 'a screen rule',
  answer: 'an answer',
};

/** "3 s ago", "2 min ago": how long ago `at` (ms since the epoch) was. */
export function ago(at: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  return seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
}

export const explain = controlCommand({
  name: 'explain',
  usage: `tessera explain [PANE | -t PANE] [--json]

  Prints the pane's state, what decided it and when: the agent's own channel (a Claude Code hook,
  Codex's notify, tessera's opencode plugin, tessera status), a signal from the program (Gemini
  CLI's or Codex's title, an OSC 9 notification, shell integration), an answer, or a screen rule
  of its agent; and the screen lines it matched.
  For an agent given an initial prompt (--prompt), also whether it was delivered or what it waits for.`,
  flags: [targetPaneFlag, jsonFlag],
  maxPositionals: 1,
  toArgs: (args) => ({ pane: paneArg(args) }),
  print(result, args, ctx) {
    const e = result as Explanation;
    if (boolFlag(args, 'json')) {
      ctx.out(`${terminalJson(e, 2)}\n`);
      return;
    }
    // Screen lines, questions and notifications come from the program, one line each: controls as marks.
    ctx.out(`pane ${e.pane}${e.agent ? ` (${visibleText(e.agent)})` : ` (${e.kind})`}: ${e.status}\n`);
    const when = e.decidedAt === undefined ? '' : `, ${ago(e.decidedAt)}`;
    ctx.out(`decided by: ${SOURCES[e.source] ?? e.source} — ${visibleText(e.rule)}${when}\n`);
    if (e.question) ctx.out(`question${e.questionId ? ` ${e.questionId}` : ''}: ${visibleText(e.question)}\n`);
    if (e.matched.length > 0) ctx.out(`matched:\n${e.matched.map((l) => `  | ${visibleText(l)}`).join('\n')}\n`);
    if (e.screenNow) ctx.out(`now: ${visibleText(e.screenNow)}\n`);
    if (e.lastReport && e.source !== 'channel') ctx.out(`last report: ${visibleText(e.lastReport.label)}, ${ago(e.lastReport.at)}\n`);
    if (e.lastNotification) ctx.out(`last notification: ${visibleText(e.lastNotification)}\n`);
    if (e.prompt) ctx.out(`initial prompt: ${visibleText(e.prompt)}\n`);
  },
});
