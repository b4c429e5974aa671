// A custom agent's detector, built from its patterns. It reads only the live part of the screen: the lines from the
// agent's latest prompt (the last line an idle pattern matches) to the bottom, or the whole screen when no line
// does. What is above that prompt belongs to turns that are over: a status line or a question left there no
// longer counts. In the live part approval outranks running, which outranks idle, and each state is read from the
// lowest line that shows it (the latest one the agent wrote).

import type { AgentState, Detection, ScreenDetector } from '../detection.js';
import { logicalRows, type AgentScreen, type LogicalLine } from '../screen.js';
import { unboxed } from '../rules.js';
import type { CustomAgent } from './customAgent.js';
import { compilePattern } from './patterns.js';

interface StatePatterns {
  state: Exclude<AgentState, 'starting' | 'unknown'>;
  patterns: { source: string; regex: RegExp }[];
}

export function customAgentDetector(agent: CustomAgent): ScreenDetector {
  const compile = (sources: readonly string[]) => sources.map((source) => ({ source, regex: compilePattern(source) }));
  const byPriority: StatePatterns[] = [
    { state: 'approval', patterns: compile(agent.detection.approval) },
    { state: 'running', patterns: compile(agent.detection.running) },
    { state: 'idle', patterns: compile(agent.detection.idle) },
  ];
  const idle = byPriority[2].patterns;
  return { kind: agent.name, detect: (screen) => detectLive(screen, byPriority, idle), approvalKeys: agent.approvalKeys, reportsState: agent.reportsState === true };
}

function detectLive(screen: AgentScreen, byPriority: readonly StatePatterns[], idle: StatePatterns['patterns']): Detection {
  // A user's patterns describe the agent's lines, whatever width the pane has: match unwrapped lines.
  const rows = logicalRows(screen);
  const live = rows.slice(Math.max(0, rows.findLastIndex((line) => idle.some((p) => p.regex.test(line.text)))));
  for (const { state, patterns } of byPriority) {
    const found = lowestMatch(live, patterns);
    if (found === undefined) continue;
    const { line, source } = found;
    // Every live line an approval pattern matches is part of the question: once answered, none of them counts.
    const rows = () => live.filter((l) => patterns.some((p) => p.regex.test(l.text))).map((l) => l.row);
    const question = state === 'approval' ? { question: unboxed(line.text), questionRows: rows() } : {};
    return { state, rule: `${state} pattern /${source}/`, matched: [line.text.trim()], ...question };
  }
  if (rows.every((line) => line.text.trim() === '')) return { state: 'starting', rule: 'blank screen before any pattern matches', matched: [] };
  return { state: 'unknown', rule: 'no rule matched', matched: [] };
}

/** The lowest line any of the patterns matches, and the first pattern that matches it. */
function lowestMatch(lines: readonly LogicalLine[], patterns: StatePatterns['patterns']): { line: LogicalLine; source: string } | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const pattern = patterns.find((p) => p.regex.test(lines[i].text));
    if (pattern) return { line: lines[i], source: pattern.source };
  }
  return undefined;
}
