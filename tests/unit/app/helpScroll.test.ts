// The help list scrolls with arrows and pages when it is longer than the screen; other keys close it.

import { describe, expect, test } from 'vitest';
import { clampHelpOffset, helpScrollStep } from '../../../src/app/helpScroll.js';

describe('helpScrollStep', () => {
  test('any key closes a list that fits, even an arrow', () => {
    expect(helpScrollStep(0, 10, 10, 'down')).toBe('close');
    expect(helpScrollStep(0, 10, 20, 'j')).toBe('close');
  });

  test('arrows move one row, pages a screen less one row, within the ends', () => {
    expect(helpScrollStep(0, 30, 10, 'down')).toBe(1);
    expect(helpScrollStep(0, 30, 10, 'up')).toBe(0);
    expect(helpScrollStep(0, 30, 10, 'pagedown')).toBe(9);
    expect(helpScrollStep(18, 30, 10, 'pagedown')).toBe(20);
    expect(helpScrollStep(5, 30, 10, 'pageup')).toBe(0);
    expect(helpScrollStep(7, 30, 10, 'end')).toBe(20);
    expect(helpScrollStep(7, 30, 10, 'home')).toBe(0);
  });

  test('other keys close a long list too', () => {
    expect(helpScrollStep(3, 30, 10, 'q')).toBe('close');
    expect(helpScrollStep(3, 30, 10, 'escape')).toBe('close');
    expect(helpScrollStep(3, 30, 10, undefined)).toBe('close');
  });
});

describe('clampHelpOffset', () => {
  test('a screen that grew shows more rows from the same place, never past the end', () => {
    expect(clampHelpOffset(20, 30, 10)).toBe(20);
    expect(clampHelpOffset(20, 30, 25)).toBe(5);
    expect(clampHelpOffset(20, 30, 40)).toBe(0);
  });
});
