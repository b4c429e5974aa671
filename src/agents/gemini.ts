// Gemini CLI (verified with @google/gemini-cli 0.61.0): screen rules and confirmation-box keys.

import type { AgentDetector } from './detection.js';
import { anyOf, blankScreen, detectWith, dialogAtBottom, line, nearBottom, unboxed, type Asked, type Rule } from './rules.js';

const ASK = /Allow execution of .+\?/;
/** The box header: "? Shell  touch …" (tool name, two spaces, what it will do). */
const HEADER = /^\? (\S+)\s{2,}(.+)$/;

/** "Allow execution of [Shell]? — Shell: touch …". */
function question(lines: string[]): Asked | undefined {
  const row = lines.findLastIndex((l) => ASK.test(l));
  if (row < 0) return undefined;
  const ask = unboxed(lines[row]);
  // The box's header is above its question: the last one before it.
  const header = lines.slice(0, row).map(unboxed).map((l) => HEADER.exec(l)).findLast((m) => m !== null);
  return { text: header == null ? ask : `${ask} — ${header[1]}: ${header[2]}`, row };
}

// The live part of the screen: gemini writes finished items above and redraws what is pending below them (the
// confirmation box, or the spinner, input box and footer). The box must end the screen: its first option is among its
// last lines (the options, then the box's border). The spinner is never written to the transcript.
const RULES: readonly Rule[] = [
  {
    name: 'confirmation box at the bottom: "Allow execution of …?" with "● 1. Allow once"',
    state: 'approval',
    match: dialogAtBottom(ASK, [], /● 1\. Allow once/, 6),
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
