// A custom agent's detector, built from its patterns: approval outranks running, which outranks idle.

import type { ScreenDetector } from '../detection.js';
import { logicalLines } from '../screen.js';
import { blankScreen, detectWith, line, unboxed, type Rule } from '../rules.js';
import type { CustomAgent } from './customAgent.js';
import { compilePattern } from './patterns.js';

export function customAgentDetector(agent: CustomAgent): ScreenDetector {
  const { idle, running, approval } = agent.detection;
  const rules: Rule[] = [
    ...approval.map((source) => approvalRule(source)),
    ...running.map((source) => patternRule('running', source)),
    ...idle.map((source) => patternRule('idle', source)),
    { name: 'blank screen before any pattern matches', state: 'starting', match: blankScreen },
  ];
  // A user's patterns describe the agent's lines, whatever width the pane has: match unwrapped lines.
  return { kind: agent.name, detect: (screen) => detectWith(rules, { ...screen, lines: logicalLines(screen), wrapped: undefined }), approvalKeys: agent.approvalKeys };
}

function patternRule(state: 'idle' | 'running', source: string): Rule {
  return { name: `${state} pattern /${source}/`, state, match: line(compilePattern(source)) };
}

/** The question is the line the approval pattern matched, without box borders. */
function approvalRule(source: string): Rule {
  const pattern = compilePattern(source);
  const question = (lines: string[]): string | undefined => {
    const found = lines.find((l) => pattern.test(l));
    return found === undefined ? undefined : unboxed(found);
  };
  return { name: `approval pattern /${source}/`, state: 'approval', match: line(pattern), question };
}
