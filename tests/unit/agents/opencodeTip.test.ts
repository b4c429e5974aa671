// opencode's home screen after an earlier session shows a "● Tip" line under its footer: still idle.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { opencodeDetector } from '../../../src/agents/opencode.js';
import type { AgentScreen } from '../../../src/agents/screen.js';

describe('opencode home screen with a tip', () => {
  it('is idle, not starting', () => {
    const screen = JSON.parse(readFileSync(new URL('../../agents/recordings/opencode-idle-home-tip.json', import.meta.url), 'utf8')) as AgentScreen;
    expect(opencodeDetector.detect(screen).state).toBe('idle');
  });
});
