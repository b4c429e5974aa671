// opencode's home screen after an earlier session shows a "● Tip" line under its footer: still idle, also when a
// long tip wraps over two lines (seen in CI: a pane given a prompt stayed "starting" for good and never got it).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { opencodeDetector } from '../../../src/agents/opencode.js';
import type { AgentScreen } from '../../../src/agents/screen.js';

const recording = (name: string): AgentScreen =>
  JSON.parse(readFileSync(new URL(`../../agents/recordings/${name}.json`, import.meta.url), 'utf8')) as AgentScreen;

describe('opencode home screen with a tip', () => {
  it('is idle, not starting', () => {
    expect(opencodeDetector.detect(recording('opencode-idle-home-tip')).state).toBe('idle');
  });

  it('is idle when the tip wraps over two lines', () => {
    expect(opencodeDetector.detect(recording('opencode-idle-home-tip-wrapped')).state).toBe('idle');
  });

  it('is not idle when other text, not a tip, sits under the footer', () => {
    const screen = recording('opencode-idle-home-tip-wrapped');
    const lines = screen.lines.map((l) => l.replace('● Tip', '  Log'));
    expect(opencodeDetector.detect({ ...screen, lines }).state).toBe('starting');
  });
});
