// The outer terminal's title follows the focused pane's: a title from a program is shown with its
// control characters as marks, so it can neither end the title sequence nor write anything else.

import { describe, expect, it } from 'vitest';
import { OuterTitle } from '../../../../src/server/session/outerTitle.js';

describe('OuterTitle', () => {
  it('writes a title with marks for control and bidi characters, once per change', () => {
    const sent: string[] = [];
    const title = new OuterTitle((bytes) => sent.push(bytes));
    title.update('vim \x07\x1b]52;c;eA==\x07\u009b2J\u202ex', true);
    title.update('vim \x07\x1b]52;c;eA==\x07\u009b2J\u202ex', true);
    title.update('off', false);
    expect(sent).toEqual(['\x1b]2;vim ^G^[]52;c;eA==^G<U+009B>2J<U+202E>x\x07']);
  });
});
