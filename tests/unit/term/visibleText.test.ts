import { describe, expect, it } from 'vitest';
import xtermHeadless from '@xterm/headless';
import { controlMark, jsonMayNeedMarks, terminalJson, visibleText } from '../../../src/term/visibleText.js';

const { Terminal } = xtermHeadless;

/** Every code point a terminal acts on instead of printing, or that reorders text around it. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, k) => k),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, k) => 0x80 + k),
  0x061c,
  0x200e,
  0x200f,
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  ...[0x2066, 0x2067, 0x2068, 0x2069],
].map((cp) => String.fromCodePoint(cp));

/** What a terminal does with `text`: its screen (one row each) and every title and OSC it reported. */
async function onATerminal(text: string): Promise<{ rows: string[]; titles: string[]; oscs: number; cursorY: number }> {
  const term = new Terminal({ cols: 200, rows: 4, allowProposedApi: true });
  const titles: string[] = [];
  let oscs = 0;
  term.onTitleChange((t) => titles.push(t));
  term.parser.registerOscHandler(52, () => {
    oscs++;
    return true;
  });
  await new Promise<void>((resolve) => term.write(text, resolve));
  const rows = Array.from({ length: 4 }, (_, y) => term.buffer.active.getLine(y)?.translateToString(true) ?? '');
  const cursorY = term.buffer.active.cursorY;
  term.dispose();
  return { rows, titles, oscs, cursorY };
}

describe('visibleText', () => {
  it('leaves text without controls as it is (the same string)', () => {
    for (const text of ['', 'plain', 'npm ci && npm test', 'café 中文 👍🏽 👨‍👩‍👧 ❤️', '^[ is already a mark']) {
      expect(visibleText(text)).toBe(text);
    }
  });

  it('shows C0 controls in caret notation, DEL as ^?, C1 and bidi controls as <U+XXXX>', () => {
    expect(visibleText('\x1b[2J')).toBe('^[[2J');
    expect(visibleText('\x07\x08\r\n\t\x00\x1f')).toBe('^G^H^M^J^I^@^_');
    expect(visibleText('a\x7fb')).toBe('a^?b');
    expect(visibleText('\u009b2J')).toBe('<U+009B>2J');
    expect(visibleText('\u0085\u009d\u0080')).toBe('<U+0085><U+009D><U+0080>');
    expect(visibleText('admin\u202e\u2066txt.exe\u2069\u200f\u061c')).toBe('admin<U+202E><U+2066>txt.exe<U+2069><U+200F><U+061C>');
  });

  it('turns every control character into printable ASCII, and is idempotent', () => {
    for (const c of CONTROLS) {
      const mark = visibleText(c);
      expect(mark).toBe(controlMark(c));
      expect(mark).toMatch(/^[\x21-\x7e]+$/);
      expect(visibleText(mark)).toBe(mark);
    }
    const everything = CONTROLS.join('x');
    expect(visibleText(visibleText(everything))).toBe(visibleText(everything));
  });

  it('keeps line feeds and tabs with { lines: true }, and nothing else', () => {
    expect(visibleText('one\ttwo\nthree\r\n\x1b]52;c;eA==\x07', { lines: true })).toBe('one\ttwo\nthree^M\n^[]52;c;eA==^G');
  });

  it('makes hostile strings harmless on a real terminal: no redraw, no title, no clipboard write', async () => {
    const hostile = [
      '\x1b[1A\x1b[2K\x1b[1G  setupCommand: npm ci',
      'n\x1b]52;c;Rk5BTUU=\x07\x1b[2Jx.txt',
      'a\u009b2Jb\u009d52;c;eA==\u009c',
      'title\x1b]2;owned\x07',
      'over\rwrite\x08\x08\x08',
    ].join(' ');
    const raw = await onATerminal(`${hostile}\r\n`);
    // Without the marks, the terminal acts on them (the test's own check that they are hostile).
    expect(raw.oscs + raw.titles.length).toBeGreaterThan(0);
    const shown = visibleText(hostile);
    const seen = await onATerminal(shown);
    expect(seen.oscs).toBe(0);
    expect(seen.titles).toEqual([]);
    expect(seen.cursorY).toBe(0);
    expect(seen.rows[0]).toBe(shown);
  });
});

describe('jsonMayNeedMarks', () => {
  it('finds every marked character in JSON text, and nothing in JSON of plain text', () => {
    for (const c of CONTROLS) expect(jsonMayNeedMarks(JSON.stringify({ list: [`a${c}b`] })), JSON.stringify(c)).toBe(true);
    expect(jsonMayNeedMarks(JSON.stringify({ a: 'plain ^[ text', b: [1, true, null], c: 'café 中文 👍🏽', d: 'C:/path/u0041' }))).toBe(false);
  });
});

describe('terminalJson', () => {
  it('is exactly the data, with DEL, C1, bidi controls and line separators written as \\u escapes', () => {
    const value = { name: 'x\u009b2J\x7f\u202e\u2028', esc: '\x1b]52;c;eA==\x07', n: 3, list: ['\u0085'] };
    const json = terminalJson(value, 2);
    expect(json).toMatch(/^[\x0a\x20-\x7e]*$/);
    expect(json).toContain('"x\\u009b2J\\u007f\\u202e\\u2028"');
    expect(JSON.parse(json)).toEqual(value);
    expect(terminalJson({ plain: 'text' })).toBe(JSON.stringify({ plain: 'text' }));
  });
});
