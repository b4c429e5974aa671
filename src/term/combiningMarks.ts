// Which characters the emulator adds to the text of the cell before them instead of giving them a
// cell of their own (accents, marks, joiners, variation selectors, tags, other zero-width
// characters), in every plane: those of zero width in the Unicode 11 tables every pane's emulator
// uses, read from the same addon so that the two can never disagree.

import unicode11 from '@xterm/addon-unicode11';
import type { IUnicodeVersionProvider } from '@xterm/headless';

/** Below this nothing combines (U+0300 is the first combining accent; U+007F-U+009F are controls). */
export const FIRST_COMBINING = 0x300;

let widths: IUnicodeVersionProvider | undefined;

/** The addon's width tables: it hands them to whatever it is loaded into, and reads nothing else of it. */
function unicode11Widths(): IUnicodeVersionProvider {
  let provider: IUnicodeVersionProvider | undefined;
  const host = { unicode: { register: (p: IUnicodeVersionProvider) => (provider = p) } };
  new unicode11.Unicode11Addon().activate(host as unknown as Parameters<unicode11.Unicode11Addon['activate']>[0]);
  if (!provider) throw new Error('the Unicode 11 addon registered no width tables');
  return provider;
}

/** True for a code point the emulator appends to the cell before it. */
export function isCombining(codePoint: number): boolean {
  if (codePoint < FIRST_COMBINING) return false;
  widths ??= unicode11Widths();
  return widths.wcwidth(codePoint) === 0;
}
