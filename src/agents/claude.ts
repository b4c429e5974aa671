// Claude Code (verified with @anthropic-ai/claude-code 2.1.328): screen rules and permission-dialog keys.

import type { AgentDetector } from './detection.js';
import { allOf, anyOf, blankScreen, detectWith, dialogAtBottom, line, lineAfter, nearBottom, unboxed, type Asked, type Rule } from './rules.js';

const ASK = /^\s*Do you want to .+\?$/;
const RULE_LINE = /^─{20,}$/;
const DASHED_LINE = /^╌{10,}$/;

/** "Do you want to proceed? — Bash command: touch …": the dialog's question, heading and the command between its dashed lines. */
function question(lines: string[]): Asked | undefined {
  const ask = lines.findLastIndex((l) => ASK.test(l));
  if (ask < 0) return undefined;
  let top = ask;
  while (top > 0 && !RULE_LINE.test(lines[top])) top--;
  const heading = lineAfter(lines, top, /\S/);
  const dashed = lines.findIndex((l, i) => i > top && i < ask && DASHED_LINE.test(l));
  const subject = dashed < 0 ? undefined : lineAfter(lines, dashed, /\S/);
  const about = [heading, subject].filter((part) => part !== undefined).join(': ');
  return { text: about === '' ? unboxed(lines[ask]) : `${unboxed(lines[ask])} — ${about}`, row: ask };
}

// The live part of the screen: claude repaints the bottom of its screen (a dialog, or the prompt box and its footer)
// below the transcript it has written; answered dialogs leave no trace there.
const RULES: readonly Rule[] = [
  {
    name: 'permission dialog at the bottom: "Do you want to …?" with "❯ 1. Yes" and "Esc to cancel"',
    state: 'approval',
    match: dialogAtBottom(ASK, [/^\s*❯\s*1\. Yes/], /Esc to cancel/, 2),
    question,
  },
  { name: 'footer says "esc to interrupt"', state: 'running', match: nearBottom(/esc to interrupt/, 2) },
  // The prompt box: "❯" between two rules, just above the footer (scrollback prompts have no rule above them).
  { name: 'prompt box "❯" between rules', state: 'idle', match: allOf(nearBottom(RULE_LINE, 4), nearBottom(/^❯(\s|$)/, 4)) },
  { name: 'banner or blank screen before the prompt box', state: 'starting', match: anyOf(blankScreen, line(/Claude Code v\d/)) },
];

export const claudeDetector: AgentDetector = {
  kind: 'claude',
  detect: (screen) => detectWith(RULES, screen),
  // "1" picks "Yes" whatever is highlighted; "4" picks "No" (same outcome as Esc: "Interrupted · What should Claude do instead?").
  approvalKeys: { allow: '1', deny: '4', abort: '\x1b' },
};
