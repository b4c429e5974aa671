// Codex (verified with @openai/codex 0.169.0): screen rules and approval-dialog keys.

import type { AgentDetector } from './detection.js';
import { anyOf, blankScreen, detectWith, dialogAtBottom, line, lineAfter, nearBottom, unboxed, type Asked, type Rule } from './rules.js';

const ASK = /^\s*Would you like to .+\?$/;

/** "Would you like to run the following command? — $ touch …". */
function question(lines: string[]): Asked | undefined {
  const ask = lines.findLastIndex((l) => ASK.test(l));
  if (ask < 0) return undefined;
  const subject = lineAfter(lines, ask, /^\$ /);
  return { text: subject === undefined ? unboxed(lines[ask]) : `${unboxed(lines[ask])} — ${subject}`, row: ask };
}

// The live part of the screen: codex writes finished work above its viewport and repaints the viewport (a dialog, or
// the status line, composer and footer). A dialog must end the screen; the status line is only ever drawn in the
// viewport, never written to the transcript, so it counts wherever it is.
const RULES: readonly Rule[] = [
  {
    name: 'approval dialog at the bottom: "Would you like to …?" ending with "Press enter to confirm or esc to cancel"',
    state: 'approval',
    match: dialogAtBottom(ASK, [], /Press enter to confirm or esc to cancel/, 2),
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
