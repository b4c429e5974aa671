// tessera explain: why a pane's pill says what it says — the rule or signal that decided, and what it matched.

import type { AgentState } from '../agents/detection.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { UsageError, boolFlag, type ParsedArgs } from './argParser.js';
import { defineCommand } from './contract.js';
import { jsonFlag, paneTargetFlag, parsePaneTarget, readPaneTarget, targetPaneFlag } from './targets.js';

export interface ExplainArgs {
  pane?: string;
}

/** What decided an agent pane's state (the server's agent monitor says it); `source`, `rule` and `matched` are there for every pane. */
export interface AgentExplanation {
  state?: AgentState;
  /** 'screen', 'signal', 'answer', 'channel' (an agent's), 'process', 'launch', 'shell' (any pane's), or 'none' before anything was decided. */
  source: string;
  /** When the shown state was decided (ms since the epoch). */
  decidedAt?: number;
  /** The last report from the agent's own channel ("hook Notification permission_prompt") and when it came. */
  lastReport?: { label: string; at: number };
  rule: string;
  matched: string[];
  question?: string;
  /** The id of the question the pane waits on, when it waits (for `approve --question`). */
  questionId?: string;
  lastNotification?: string;
  /** The screen's latest reading when the pill does not follow it (it matches no rule, say). */
  screenNow?: string;
}

export interface Explanation extends AgentExplanation {
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
  if (positional === undefined) return paneTargetFlag(args);
  if (args.flags.has('target')) throw new UsageError('give the pane either as an argument or with -t, not both');
  if (readPaneTarget(positional) === undefined) throw new UsageError(`invalid pane '${positional}': use the pane's number`);
  return positional;
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

export const explain = defineCommand<ExplainArgs, Explanation>({
  name: 'explain',
  summary: "say why a pane's pill shows its state",
  usage: `tessera explain [PANE | -t PANE] [--json]

  Prints the pane's state, what decided it and when: the agent's own channel (a Claude Code hook,
  Codex's notify, tessera's opencode plugin, tessera status), a signal from the program (Gemini
  CLI's or Codex's title, an OSC 9 notification, shell integration), an answer, or a screen rule
  of its agent; and the screen lines it matched.
  For an agent given an initial prompt (--prompt), also whether it was delivered or what it waits for.`,
  flags: [targetPaneFlag, jsonFlag],
  maxPositionals: 1,
  fromCli: (args) => ({ pane: paneArg(args) }),
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane) }),
  print(e, args, output) {
    if (boolFlag(args, 'json')) {
      output.out(`${terminalJson(e, 2)}\n`);
      return;
    }
    // Screen lines, questions and notifications come from the program, one line each: controls as marks.
    output.out(`pane ${e.pane}${e.agent ? ` (${visibleText(e.agent)})` : ` (${e.kind})`}: ${e.status}\n`);
    const when = e.decidedAt === undefined ? '' : `, ${ago(e.decidedAt)}`;
    output.out(`decided by: ${SOURCES[e.source] ?? e.source} — ${visibleText(e.rule)}${when}\n`);
    if (e.question) output.out(`question${e.questionId ? ` ${e.questionId}` : ''}: ${visibleText(e.question)}\n`);
    if (e.matched.length > 0) output.out(`matched:\n${e.matched.map((l) => `  | ${visibleText(l)}`).join('\n')}\n`);
    if (e.screenNow) output.out(`now: ${visibleText(e.screenNow)}\n`);
    if (e.lastReport && e.source !== 'channel') output.out(`last report: ${visibleText(e.lastReport.label)}, ${ago(e.lastReport.at)}\n`);
    if (e.lastNotification) output.out(`last notification: ${visibleText(e.lastNotification)}\n`);
    if (e.prompt) output.out(`initial prompt: ${visibleText(e.prompt)}\n`);
  },
});
