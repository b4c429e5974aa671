// Gemini CLI (verified with @google/gemini-cli 0.61.0): screen rules and confirmation-box keys.

import type { AgentDetector } from './detection.js';
import { allOf, anyOf, blankScreen, detectWith, line, nearBottom, unboxed, type Rule } from './rules.js';

const ASK = /Allow execution of .+\?/;
/** The box header: "? Shell  touch …" (tool name, two spaces, what it will do). */
const HEADER = /^\? (\S+)\s{2,}(.+)$/;

/** "Allow execution of [Shell]? — Shell: touch …". */
function question(lines: string[]): string | undefined {
  const ask = lines.find((l) => ASK.test(l));
  if (ask === undefined) return undefined;
  const header = lines.map(unboxed).map((l) => HEADER.exec(l)).find((m) => m !== null);
  return header == null ? unboxed(ask) : `${unboxed(ask)} — ${header[1]}: ${header[2]}`;
}

const RULES: readonly Rule[] = [
  {
    name: 'confirmation box: "Allow execution of …?" with "● 1. Allow once"',
    state: 'approval',
    match: allOf(line(ASK), line(/● 1\. Allow once/)),
    question,
  },
  { name: 'spinner "(esc to cancel, Ns)"', state: 'running', match: line(/\(esc to cancel, \d+s\)/) },
  { name: 'input box " > " above the footer', state: 'idle', match: nearBottom(/^ > /, 5) },
  { name: 'banner or blank screen before the input box', state: 'starting', match: anyOf(blankScreen, line(/Gemini CLI v\d/)) },
];

export const geminiDetector: AgentDetector = {
  kind: 'gemini',
  detect: (screen) => detectWith(RULES, screen),
  // "1" is "Allow once" and "3" is "No, suggest changes" (same as Esc: "ℹ Request cancelled.").
  approvalKeys: { allow: '1', deny: '3', abort: '\x1b' },
};
