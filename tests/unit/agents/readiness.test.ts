// The initial prompt goes out once the agent has been idle for the settle period, and only once per launch.

import { describe, expect, test } from 'vitest';
import { PromptReadiness } from '../../../src/agents/readiness.js';
import { PROMPT_SETTLE_MS } from '../../../src/agents/promptTimings.js';

describe('PromptReadiness', () => {
  test('not ready before the agent is idle', () => {
    const readiness = new PromptReadiness();
    expect(readiness.isReady(0)).toBe(false);
    readiness.feed('starting', 0);
    expect(readiness.isReady(10_000)).toBe(false);
    expect(readiness.readyAt()).toBeUndefined();
  });

  test('ready exactly when idle has held for the settle period, not a millisecond before', () => {
    const readiness = new PromptReadiness();
    readiness.feed('starting', 0);
    readiness.feed('idle', 1000);
    expect(readiness.readyAt()).toBe(1000 + PROMPT_SETTLE_MS);
    expect(readiness.isReady(1000 + PROMPT_SETTLE_MS - 1)).toBe(false);
    expect(readiness.isReady(1000 + PROMPT_SETTLE_MS)).toBe(true);
  });

  test('idle fed again does not restart the settle period', () => {
    const readiness = new PromptReadiness(100);
    readiness.feed('idle', 0);
    readiness.feed('idle', 60);
    readiness.feed('idle', 90);
    expect(readiness.isReady(100)).toBe(true);
  });

  test('leaving idle before it settles starts over', () => {
    const readiness = new PromptReadiness(100);
    readiness.feed('idle', 0);
    readiness.feed('running', 50);
    expect(readiness.isReady(100)).toBe(false);
    readiness.feed('idle', 120);
    expect(readiness.isReady(200)).toBe(false);
    expect(readiness.isReady(220)).toBe(true);
  });

  test('an idle screen that keeps repainting is not settled yet', () => {
    const readiness = new PromptReadiness(100);
    readiness.feed('idle', 0);
    readiness.screenChanged(80);
    expect(readiness.isReady(100)).toBe(false);
    expect(readiness.readyAt()).toBe(180);
    expect(readiness.isReady(180)).toBe(true);
  });

  test('a repaint while not idle does not make it idle', () => {
    const readiness = new PromptReadiness(100);
    readiness.feed('starting', 0);
    readiness.screenChanged(10);
    expect(readiness.isReady(1000)).toBe(false);
  });

  test('fires once per launch: after delivery it is never ready again', () => {
    const readiness = new PromptReadiness(100);
    readiness.feed('idle', 0);
    expect(readiness.isReady(100)).toBe(true);
    readiness.delivered();
    expect(readiness.isDelivered).toBe(true);
    expect(readiness.isReady(100)).toBe(false);
    readiness.feed('running', 200);
    readiness.feed('idle', 300);
    expect(readiness.isReady(10_000)).toBe(false);
    expect(readiness.readyAt()).toBeUndefined();
  });

  test('approval and unknown states are not ready either', () => {
    const readiness = new PromptReadiness(100);
    readiness.feed('approval', 0);
    expect(readiness.isReady(500)).toBe(false);
    readiness.feed('unknown', 500);
    expect(readiness.isReady(1000)).toBe(false);
  });
});
