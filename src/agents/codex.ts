// Codex (verified with @openai/codex 0.169.0): screen rules and approval-dialog keys.

import type { AgentDetector } from './detection.js';
import { allOf, anyOf, blankScreen, detectWith, line, lineAfter, nearBottom, unboxed, type Rule } from './rules.js';

const ASK = /^\s*Would you like to .+\?$/;

/** "Would you like to run the following command? — $ touch …". */
function question(lines: string[]): string | undefined {
  const ask = lines.findIndex((l) => ASK.test(l));
  if (ask < 0) return undefined;
  const subject = lineAfter(lines, ask, /^\$ /);
  return subject === undefined ? unboxed(lines[ask]) : `${unboxed(lines[ask])} — ${subject}`;
}

const RULES: readonly Rule[] = [
  {
    name: 'approval dialog: "Would you like to …?" with "Press enter to confirm or esc to cancel"',
    state: 'approval',
    match: allOf(line(ASK), line(/Press enter to confirm or esc to cancel/)),
    question,
  },
  { name: 'status line "Working (… esc to interrupt)"', state: 'running', match: line(/esc to interrupt\)/) },
  { name: 'composer "›" above the footer', state: 'idle', match: nearBottom(/^› /, 4) },
  {
    name: 'banner, startup warning or blank screen before the composer',
    state: 'starting',
    match: anyOf(blankScreen, line(/OpenAI Codex \(v/), line(/^WARNING: /)),
  },
];

export const codexDetector: AgentDetector = {
  kind: 'codex',
  detect: (screen) => detectWith(RULES, screen),
  // "y" is "Yes, proceed"; "n" and Esc both refuse and end the turn ("✗ You canceled the request …").
  approvalKeys: { allow: 'y', deny: 'n', abort: '\x1b' },
};
