// The small rule language detectors are written in: ordered rules over screen lines, the first match decides.

import type { AgentState, Detection } from './detection.js';
import type { AgentScreen } from './screen.js';

/** The lines that prove a rule, or undefined when it does not hold. */
export type Matcher = (screen: AgentScreen) => string[] | undefined;

export interface Rule {
  /** Shown by `tessera explain`; says what was seen, e.g. "footer says esc to interrupt". */
  name: string;
  state: AgentState;
  match: Matcher;
  /** For approval rules: the question to show in the approval bar. */
  question?: (lines: string[]) => string | undefined;
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
    const question = rule.question?.(screen.lines);
    return { state: rule.state, rule: rule.name, matched: matched.map((l) => l.trim()), ...(question === undefined ? {} : { question }) };
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
