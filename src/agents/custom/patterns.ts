// The `detection` field of a custom agent: regular expression sources per state, each compiled and checked.

import { MAX_PATTERN_LENGTH, MAX_PATTERNS_PER_STATE, type DetectionPatterns } from './customAgent.js';
import { fail, isRecord, readStringList, unknownKey, type Read } from './fields.js';

const STATES = ['idle', 'running', 'approval'] as const;

export function parseDetectionPatterns(value: unknown, where: string): Read<DetectionPatterns> {
  if (value === undefined) return { ok: true, value: { idle: [], running: [], approval: [] } };
  if (!isRecord(value)) return fail(where, 'must be an object with idle, running and approval pattern lists');
  const unknown = unknownKey(value, STATES, where);
  if (unknown !== undefined) return unknown;
  const patterns: DetectionPatterns = { idle: [], running: [], approval: [] };
  for (const state of STATES) {
    // Screen lines hold no control characters; a pattern that needs a tab can spell it `\\t` in JSON.
    const list = readStringList(value[state], `${where}.${state}`, { items: MAX_PATTERNS_PER_STATE, length: MAX_PATTERN_LENGTH });
    if (!list.ok) return list;
    for (const [index, source] of list.value.entries()) {
      const problem = patternProblem(source);
      if (problem !== undefined) return fail(`${where}.${state}[${index}]`, problem);
    }
    patterns[state] = list.value;
  }
  return { ok: true, value: patterns };
}

/** What is wrong with a pattern source, or undefined when it compiles and can tell screens apart. */
export function patternProblem(source: string): string | undefined {
  if (source.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  let pattern: RegExp;
  try {
    pattern = new RegExp(source);
  } catch (error) {
    return `is not a valid regular expression (/${source}/: ${error instanceof Error ? error.message : String(error)})`;
  }
  // Screens have empty lines, so such a pattern would match every screen.
  if (pattern.test('')) return `(/${source}/) matches an empty line, so it would match every screen`;
  return undefined;
}

/** Compiles a source `parseDetectionPatterns` accepted. */
export const compilePattern = (source: string): RegExp => new RegExp(source);
