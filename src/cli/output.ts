// Where a command line's text goes. Text goes through visibleText: what a command prints can quote
// names and files from outside, whose control characters are shown as marks, never run.

import { visibleText } from '../term/visibleText.js';

// Nothing returned: a command's print() may return an exit status, and write()'s `true` is none.
export const out = (text: string): void => {
  process.stdout.write(visibleText(text, { lines: true }));
};
export const err = (text: string): void => {
  process.stderr.write(visibleText(text, { lines: true }));
};
/** What must reach stdout byte for byte (a pane's captured screen with its escapes, asked for). */
export const outRaw = (text: string): void => {
  process.stdout.write(text);
};
