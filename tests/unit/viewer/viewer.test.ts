// The viewer's pure parts: scrolling and search state, syntax colours, markdown drawing, and that a
// file's control characters can never reach the terminal as escapes.

import { describe, expect, it } from 'vitest';
import { drawViewer } from '../../../src/viewer/draw.js';
import { highlightCode, languageFor } from '../../../src/viewer/highlight.js';
import { renderMarkdown } from '../../../src/viewer/markdown.js';
import { lineText, span, viewerText, wrapLine } from '../../../src/viewer/styledText.js';
import { findMatches, initialViewerState, reduceViewer, type ViewerState } from '../../../src/viewer/viewerState.js';

const LINES = Array.from({ length: 100 }, (_, i) => `line ${i + 1}${i === 9 || i === 79 ? ' target' : ''}`);
const key = (name: string, char?: string, ctrl = false) => ({ name, char, ctrl, alt: false });
function press(state: ViewerState, ...keys: ReturnType<typeof key>[]): ViewerState {
  for (const k of keys) state = reduceViewer(state, LINES, k, { sideways: true }).state;
  return state;
}
const typed = (text: string) => [...text].map((c) => key(c, c));

describe('viewer state', () => {
  it('scrolls by line, page and half page, and stops at both ends', () => {
    const start = initialViewerState(10, 40);
    expect(press(start, key('j', 'j')).top).toBe(1);
    expect(press(start, key('k', 'k')).top).toBe(0);
    expect(press(start, key('pagedown')).top).toBe(9);
    expect(press(start, key('d', undefined, true)).top).toBe(5);
    expect(press(start, key('G', 'G')).top).toBe(90);
    expect(press(start, key('G', 'G'), key('j', 'j')).top).toBe(90);
    expect(press(start, key('G', 'G'), key('g', 'g')).top).toBe(0);
  });

  it('searches down and up, repeats with n and N, and wraps around with a message', () => {
    let state = press(initialViewerState(10, 40), key('/', '/'), ...typed('target'), key('enter'));
    expect(state.search?.matches.map((m) => m.line)).toEqual([9, 79]);
    expect(state.search?.current).toBe(0);
    state = press(state, key('n', 'n'));
    expect(state.search?.current).toBe(1);
    expect(state.top).toBeLessThanOrEqual(79);
    expect(state.top + state.rows).toBeGreaterThan(79);
    state = press(state, key('n', 'n'));
    expect(state.search?.current).toBe(0);
    expect(state.message).toBe('search wrapped to the start');
    state = press(state, key('N', 'N'));
    expect(state.search?.current).toBe(1);
    const upward = press(initialViewerState(10, 40), key('?', '?'), ...typed('target'), key('enter'));
    expect(upward.search?.current).toBe(0);
    expect(press(initialViewerState(10, 40), key('/', '/'), ...typed('zzz'), key('enter')).message).toBe("no match for 'zzz'");
  });

  it('matches case-insensitively unless the search has a capital', () => {
    expect(findMatches(['Foo foo FOO'], 'foo')).toHaveLength(3);
    expect(findMatches(['Foo foo FOO'], 'Foo')).toHaveLength(1);
  });

  it('quits on q, and Esc while typing a search only cancels it', () => {
    const typing = press(initialViewerState(10, 40), key('/', '/'), ...typed('x'));
    expect(typing.input?.text).toBe('x');
    const cancelled = reduceViewer(typing, LINES, key('escape'), { sideways: true });
    expect(cancelled.quit).toBeUndefined();
    expect(cancelled.state.input).toBeUndefined();
    expect(reduceViewer(cancelled.state, LINES, key('q', 'q'), { sideways: true }).quit).toBe(true);
  });
});

describe('what a viewer draws', () => {
  it('colours source by token kind with the terminal palette', () => {
    expect(languageFor('src/app.ts')).toBe('ts');
    expect(languageFor('Makefile')).toBe('makefile');
    expect(languageFor('notes.unknownext')).toBeUndefined();
    const [line] = highlightCode('const x = "s"; // c', 'typescript');
    expect(line).toContainEqual(span('const', '35'));
    expect(line).toContainEqual(span('"s"', '32'));
    expect(line).toContainEqual(span('// c', '90'));
  });

  it('never lets a control character from the file through as an escape', () => {
    expect(viewerText('a\x1b[2Jb\x07\tc\x9b\u202e')).toBe('a^[[2Jb^G   c<U+009B><U+202E>');
    const lines = highlightCode('x = "\x1b]52;c;aGk=\x07"\r\ny\r\n', 'python');
    const drawn = drawViewer(lines, initialViewerState(5, 40), 'f.py');
    expect(drawn).not.toMatch(/\x1b\]/);
    expect(drawn).not.toContain('\x07');
    expect(lines.map(lineText)).toEqual(['x = "^[]52;c;aGk=^G"', 'y', '']);
  });

  it('renders markdown: headings without #, bullets, emphasis, code and tables', () => {
    const lines = renderMarkdown('# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n```js\nlet a;\n```\n\n| a | bb |\n|---|---|\n| 1 | 2 |\n', 40).map(lineText);
    expect(lines).toContain('Title');
    expect(lines).toContain('Some bold and code.');
    expect(lines).toContain('• one');
    expect(lines).toContain('  let a;');
    expect(lines).toContain('a │ bb');
    expect(lines).toContain('1 │ 2 ');
    const bold = renderMarkdown('**b**', 40)[0];
    expect(bold).toContainEqual(span('b', '1'));
  });

  it('wraps at spaces to the width, cutting words longer than a line', () => {
    const wrapped = wrapLine([span('aaa bbb ccc dddddddddddd')], 8, { first: [], rest: [span('  ')] }).map(lineText);
    expect(wrapped).toEqual(['aaa bbb', '  ccc', '  dddddd', '  dddddd']);
  });
});
