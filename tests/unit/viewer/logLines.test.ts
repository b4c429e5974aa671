// The logs viewer's lines and place: text split into lines as it comes (the line being written shown
// too), control characters as marks, the oldest lines dropped past the limits, and a reader at the
// bottom kept there while a reader who scrolled up keeps the same lines in view.

import { describe, expect, it } from 'vitest';
import { atBottom, followLines } from '../../../src/viewer/followState.js';
import { LogLines } from '../../../src/viewer/logLines.js';
import { initialViewerState } from '../../../src/viewer/viewerState.js';

describe('LogLines', () => {
  it('splits text into lines as it comes, shows the line being written, keeps empty lines', () => {
    const log = new LogLines();
    log.append('one\ntw');
    expect(log.plain).toEqual(['one', 'tw']);
    log.append('o\n\nthree\r\n');
    expect(log.plain).toEqual(['one', 'two', '', 'three']);
  });

  it('shows control characters as marks, never raw', () => {
    const log = new LogLines();
    log.append('a \x1b]2;PWNED\x07 b\x1b[2J\u202e\n');
    expect(log.plain).toEqual(['a ^[]2;PWNED^G b^[[2J<U+202E>']);
  });

  it('drops the oldest lines past its limits and breaks a line that never ends', () => {
    const log = new LogLines({ lines: 3, chars: 1000, lineChars: 4 });
    expect(log.append('1\n2\n3\n')).toBe(0);
    expect(log.append('4\n5\n')).toBe(2);
    expect(log.plain).toEqual(['3', '4', '5']);
    log.append('abcdefghij');
    expect(log.plain).toEqual(['5', 'abcd', 'efgh', 'ij']);
    const byChars = new LogLines({ lines: 100, chars: 6, lineChars: 100 });
    byChars.append('aaa\nbbb\nccc\n');
    expect(byChars.plain).toEqual(['bbb', 'ccc']);
  });
});

describe('followLines', () => {
  const at = (top: number) => ({ ...initialViewerState(10, 80), top });

  it('keeps a reader at the bottom at the bottom', () => {
    expect(atBottom(at(20), 30)).toBe(true);
    expect(followLines(at(20), 30, 35, 0).top).toBe(25);
    // Fewer lines than rows: the top stays 0.
    expect(followLines(at(0), 3, 5, 0).top).toBe(0);
  });

  it('keeps the same lines in view for a reader who scrolled up, also when old lines were dropped', () => {
    expect(followLines(at(5), 30, 35, 0).top).toBe(5);
    expect(followLines(at(5), 30, 33, 2).top).toBe(3);
    const searched = { ...at(5), search: { query: 'x', matches: [{ line: 1, start: 0, end: 1 }, { line: 7, start: 2, end: 3 }], current: 1, backward: false } };
    expect(followLines(searched, 30, 30, 2).search).toEqual({ query: 'x', matches: [{ line: 5, start: 2, end: 3 }], current: 0, backward: false });
  });
});
