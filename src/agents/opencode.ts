// opencode (verified with opencode-ai 1.18.33): screen rules and permission-prompt keys.

import type { AgentDetector } from './detection.js';
import { allOf, anyOf, blankScreen, detectWith, line, lineAfter, nearBottom, nonEmpty, unboxed, type Asked, type Matcher, type Rule } from './rules.js';

const ASK = /△ Permission required/;

/** "Permission required — Shell command: $ touch …". */
function question(lines: string[]): Asked | undefined {
  const ask = lines.findLastIndex((l) => ASK.test(l));
  if (ask < 0) return undefined;
  const heading = lineAfter(lines, ask, /^# /)?.slice(2);
  const subject = lineAfter(lines, ask, /^\$ /);
  const about = [heading, subject].filter((part) => part !== undefined).join(': ');
  const asked = unboxed(lines[ask]).replace(/^△\s*/, '');
  return { text: about === '' ? asked : `${asked} — ${about}`, row: ask };
}

const FOOTER = /ctrl\+p commands/;
const TIP = /^\s*● Tip\b/;
/** Most lines the home screen shows under its footer: a tip (a long one wraps over several lines), the cwd line. */
const MAX_LINES_UNDER_FOOTER = 6;

/**
 * The footer with at most the cwd/version line and one more under it, or with a "● Tip …" under it, which wraps
 * over two or more lines when the tip is long or the pane narrow.
 */
const footerNearBottom: Matcher = (screen) => {
  const lines = nonEmpty(screen.lines);
  const footer = lines.findLastIndex((l) => FOOTER.test(l));
  if (footer < 0) return undefined;
  const under = lines.slice(footer + 1);
  const tipUnder = under.length > 0 && TIP.test(under[0]!) && under.length <= MAX_LINES_UNDER_FOOTER;
  return under.length <= 2 || tipUnder ? [lines[footer]!] : undefined;
};

// The live part of the screen is all of it: opencode draws its whole screen (the alternate screen) each time, so
// an answered prompt is gone from it.
const RULES: readonly Rule[] = [
  {
    name: 'permission prompt: "△ Permission required" with "Allow once   Allow always   Reject"',
    state: 'approval',
    match: allOf(line(ASK), line(/Allow once\s+Allow always\s+Reject/)),
    question,
  },
  { name: 'footer says "esc interrupt"', state: 'running', match: nearBottom(/esc (again to )?interrupt/, 2) },
  // The home screen can show a "● Tip …" between the footer and the cwd/version line, wrapped in a narrow pane.
  { name: 'footer shows "ctrl+p commands"', state: 'idle', match: footerNearBottom },
  { name: 'logo or blank screen before the footer', state: 'starting', match: anyOf(blankScreen, line(/Ask anything/), line(/█▀▀█ █▀▀█/)) },
];

export const opencodeDetector: AgentDetector = {
  kind: 'opencode',
  detect: (screen) => detectWith(RULES, screen),
  // Enter confirms the highlighted choice, which is "Allow once" when the prompt appears. Esc rejects whatever is
  // highlighted; arrow keys are unsafe because the highlight wraps (Right ×3 from "Allow once" lands on it again).
  approvalKeys: { allow: '\r', deny: '\x1b', abort: '\x1b' },
};
