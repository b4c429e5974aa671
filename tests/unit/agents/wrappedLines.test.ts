// Custom agent patterns see the lines the agent wrote, even when a narrow pane wrapped them.

import { describe, expect, it } from 'vitest';
import { parseCustomAgents } from '../../../src/agents/agentKinds.js';
import { customAgentDetector } from '../../../src/agents/custom/detector.js';
import { logicalLines } from '../../../src/agents/screen.js';

describe('wrapped lines', () => {
  it('joins soft-wrapped rows back into one line', () => {
    expect(logicalLines({ lines: ['abc', 'def', 'ghi'], wrapped: [false, true, false], cursorX: 0, cursorY: 0 })).toEqual(['abcdef', 'ghi']);
    expect(logicalLines({ lines: ['abc', 'def'], cursorX: 0, cursorY: 0 })).toEqual(['abc', 'def']);
  });

  it('matches an approval question that the pane wrapped', () => {
    const parsed = parseCustomAgents([
      { name: 'wrapper', command: 'wrapper', detection: { approval: ['^Run shell command\\? .*\\(Y\\)es/\\(N\\)o$'], idle: ['^> ?$'] }, approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c' } },
    ]);
    if (!parsed.ok) throw new Error(parsed.message);
    const detector = customAgentDetector(parsed.agents[0]);
    const screen = { lines: ['Run shell command? touch some-long-', 'file-name (Y)es/(N)o'], wrapped: [false, true], cursorX: 0, cursorY: 1 };
    const detection = detector.detect(screen);
    expect(detection.state).toBe('approval');
    expect(detection.question).toBe('Run shell command? touch some-long-file-name (Y)es/(N)o');
    expect(detector.detect({ ...screen, wrapped: [false, false] }).state).not.toBe('approval');
  });
});
