// The Enter after an initial prompt waits for the agent to show the paste and go still, within a deadline.

import { describe, expect, test } from 'vitest';
import { SubmitTiming } from '../../../src/agents/submitTiming.js';

describe('SubmitTiming', () => {
  test('an agent that shows nothing gets its Enter at the deadline', () => {
    const timing = new SubmitTiming(1000, 100, 3000);
    expect(timing.submitAt()).toBe(4000);
  });

  test('the Enter waits for the screen to be still after the agent echoed the paste', () => {
    const timing = new SubmitTiming(1000, 100, 3000);
    timing.screenChanged(1800); // a loaded agent reads the paste late
    expect(timing.submitAt()).toBe(1900);
    timing.screenChanged(1850);
    expect(timing.submitAt()).toBe(1950);
  });

  test('an agent that keeps repainting still gets its Enter by the deadline', () => {
    const timing = new SubmitTiming(0, 100, 3000);
    timing.screenChanged(2990);
    expect(timing.submitAt()).toBe(3000);
  });
});
