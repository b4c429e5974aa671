// fitText cuts or pads to an exact number of cells; plain ASCII takes a shortcut that must agree
// with the grapheme-by-grapheme way.

import { describe, expect, it } from 'vitest';
import { fitText } from '../../../src/app/fitText.js';

describe('fitText', () => {
  it('pads and cuts plain text', () => {
    expect(fitText('bash ~/work', 14)).toBe('bash ~/work   ');
    expect(fitText('bash ~/work', 11)).toBe('bash ~/work');
    expect(fitText('bash ~/work', 6)).toBe('bash …');
    expect(fitText('bash', 1)).toBe('…');
    expect(fitText('bash', 0)).toBe('');
  });

  it('counts wide characters as two cells', () => {
    expect(fitText('漢字', 5)).toBe('漢字 ');
    expect(fitText('漢字abc', 5)).toBe('漢字…');
    expect(fitText('a漢字', 4)).toBe('a漢…');
    expect(fitText('é ok', 4)).toBe('é ok');
  });
});
