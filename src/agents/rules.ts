// The small rule language detectors are written in: ordered rules over screen lines, the first match decides.

import type { AgentState, Detection } from './detection.js';
import type { AgentScreen } from './screen.js';

/** The lines that prove a rule, or undefined when it does not hold. */
export type Matcher = (screen: AgentScreen) => string[] | undefined;

/** What an approval rule reads off the screen: the question, and the row it was read from. */
export interface Asked {
  text: string;
  row: number;
}

export interface Rule {
  /** Shown by `tessera explain`; says what was seen, e.g. "footer says esc to interrupt". */
  name: string;
  state: AgentState;
  match: Matcher;
  /** For approval rules: the question to show in the approval bar. */
  question?: (lines: string[]) => Asked | undefined;
}

/** The lines with something on them. */
export const nonEmpty = (lines: string[]): string[] => lines.filter((l) => l.trim() !== '');

/** Some line matches. */
export const line =
  (pattern: RegExp): Matcher =>
  (screen) => {
    const found = screen.lines.find((l) => pattern.test(l));
    return found === undefined ? undefined : [found];
  };

/** One of the last `count` non-empty lines matches: footers and input boxes, never the scrollback above them. */
export const nearBottom =
  (pattern: RegExp, count: number): Matcher =>
  (screen) => {
    const found = nonEmpty(screen.lines).slice(-count).find((l) => pattern.test(l));
    return found === undefined ? undefined : [found];
  };

/**
 * A dialog the agent shows now, at the bottom of its screen: its first line (the last line matching `starts`), a
 * line matching each of `holds` below it in order, and its last line matching `ends` among the last `endWithin`
 * non-empty lines. A dialog answered earlier (left in the transcript) or a question quoted above is not at the
 * bottom, so it does not count.
 */
export const dialogAtBottom =
  (starts: RegExp, holds: readonly RegExp[], ends: RegExp, endWithin: number): Matcher =>
  (screen) => {
    const lines = screen.lines;
    const bottom = lines.flatMap((l, i) => (l.trim() === '' ? [] : [i])).slice(-endWithin);
    const end = bottom.findLast((i) => ends.test(lines[i]));
    if (end === undefined) return undefined;
    const start = lines.findLastIndex((l, i) => i <= end && starts.test(l));
    if (start < 0) return undefined;
    const evidence = [lines[start]];
    let at = start;
    for (const pattern of holds) {
      const next = lines.findIndex((l, i) => i > at && i <= end && pattern.test(l));
      if (next < 0) return undefined;
      evidence.push(lines[next]);
      at = next;
    }
    if (end > at) evidence.push(lines[end]);
    return evidence;
  };

export const blankScreen: Matcher = (screen) => (nonEmpty(screen.lines).length === 0 ? [] : undefined);

/** Every matcher holds; their lines together are the evidence. */
export const allOf =
  (...matchers: Matcher[]): Matcher =>
  (screen) => {
    const evidence: string[] = [];
    for (const matcher of matchers) {
      const lines = matcher(screen);
      if (lines === undefined) return undefined;
      evidence.push(...lines);
    }
    return evidence;
  };

/** The first matcher that holds. */
export const anyOf =
  (...matchers: Matcher[]): Matcher =>
  (screen) => {
    for (const matcher of matchers) {
      const lines = matcher(screen);
      if (lines !== undefined) return lines;
    }
    return undefined;
  };

export function detectWith(rules: readonly Rule[], screen: AgentScreen): Detection {
  for (const rule of rules) {
    const matched = rule.match(screen);
    if (matched === undefined) continue;
    const asked = rule.question?.(screen.lines);
    const question = asked === undefined ? {} : { question: asked.text, questionRows: [asked.row] };
    return { state: rule.state, rule: rule.name, matched: matched.map((l) => l.trim()), ...question };
  }
  return { state: 'unknown', rule: 'no rule matched', matched: [] };
}

/** A line with box-drawing borders and padding removed, for quoting in a question. */
export const unboxed = (text: string): string => text.replace(/^[\s│┃]+|[\s│┃]+$/g, '');

/** The first line after index `from` that matches, unboxed. */
export function lineAfter(lines: string[], from: number, pattern: RegExp): string | undefined {
  for (let i = from + 1; i < lines.length; i++) {
    const text = unboxed(lines[i]);
    if (pattern.test(text)) return text;
  }
  return undefined;
}
