// opencode (verified with opencode-ai 1.18.33): screen rules and permission-prompt keys.

import type { AgentDetector } from './detection.js';
import { allOf, anyOf, blankScreen, detectWith, line, lineAfter, nearBottom, unboxed, type Rule } from './rules.js';

const ASK = /△ Permission required/;

/** "Permission required — Shell command: $ touch …". */
function question(lines: string[]): string | undefined {
  const ask = lines.findIndex((l) => ASK.test(l));
  if (ask < 0) return undefined;
  const heading = lineAfter(lines, ask, /^# /)?.slice(2);
  const subject = lineAfter(lines, ask, /^\$ /);
  const about = [heading, subject].filter((part) => part !== undefined).join(': ');
  const asked = unboxed(lines[ask]).replace(/^△\s*/, '');
  return about === '' ? asked : `${asked} — ${about}`;
}

const RULES: readonly Rule[] = [
  {
    name: 'permission prompt: "△ Permission required" with "Allow once   Allow always   Reject"',
    state: 'approval',
    match: allOf(line(ASK), line(/Allow once\s+Allow always\s+Reject/)),
    question,
  },
  { name: 'footer says "esc interrupt"', state: 'running', match: nearBottom(/esc (again to )?interrupt/, 2) },
  // The home screen can show a "● Tip …" line between the footer and the cwd/version line: three lines, not two.
  { name: 'footer shows "ctrl+p commands"', state: 'idle', match: nearBottom(/ctrl\+p commands/, 3) },
  { name: 'logo or blank screen before the footer', state: 'starting', match: anyOf(blankScreen, line(/Ask anything/), line(/█▀▀█ █▀▀█/)) },
];

export const opencodeDetector: AgentDetector = {
  kind: 'opencode',
  detect: (screen) => detectWith(RULES, screen),
  // Enter confirms the highlighted choice, which is "Allow once" when the prompt appears. Esc rejects whatever is
  // highlighted; arrow keys are unsafe because the highlight wraps (Right ×3 from "Allow once" lands on it again).
  approvalKeys: { allow: '\r', deny: '\x1b', abort: '\x1b' },
};
