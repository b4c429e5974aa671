import { describe, expect, it } from 'vitest';
import { namedKeyBytes } from '../../../src/term/keys/named.js';

const ESC = '\x1b';
const NORMAL = { applicationCursorKeys: false };
const APPLICATION = { applicationCursorKeys: true };

describe('namedKeyBytes', () => {
  it('knows the named keys, in any case', () => {
    const table: [string, string][] = [
      ['Enter', '\r'],
      ['enter', '\r'],
      ['ENTER', '\r'],
      ['Escape', ESC],
      ['Esc', ESC],
      ['Tab', '\t'],
      ['BTab', `${ESC}[Z`],
      ['BSpace', '\x7f'],
      ['Backspace', '\x7f'],
      ['Space', ' '],
      ['Home', `${ESC}[H`],
      ['End', `${ESC}[F`],
      ['PageUp', `${ESC}[5~`],
      ['PPage', `${ESC}[5~`],
      ['PageDown', `${ESC}[6~`],
      ['NPage', `${ESC}[6~`],
      ['Insert', `${ESC}[2~`],
      ['IC', `${ESC}[2~`],
      ['Delete', `${ESC}[3~`],
      ['DC', `${ESC}[3~`],
      ['F1', `${ESC}OP`],
      ['F4', `${ESC}OS`],
      ['F5', `${ESC}[15~`],
      ['F12', `${ESC}[24~`],
    ];
    for (const [name, bytes] of table) expect(namedKeyBytes(name, NORMAL), name).toBe(bytes);
  });

  it("sends cursor keys in the pane's cursor-key mode", () => {
    expect(namedKeyBytes('Up', NORMAL)).toBe(`${ESC}[A`);
    expect(namedKeyBytes('Up', APPLICATION)).toBe(`${ESC}OA`);
    expect(namedKeyBytes('Left', APPLICATION)).toBe(`${ESC}OD`);
    expect(namedKeyBytes('S-Up', APPLICATION)).toBe(`${ESC}[1;2A`);
    expect(namedKeyBytes('C-Right', NORMAL)).toBe(`${ESC}[1;5C`);
  });

  it('knows Ctrl and Alt combinations', () => {
    expect(namedKeyBytes('C-c', NORMAL)).toBe('\x03');
    expect(namedKeyBytes('C-C', NORMAL)).toBe('\x03');
    expect(namedKeyBytes('c-a', NORMAL)).toBe('\x01');
    expect(namedKeyBytes('C-Space', NORMAL)).toBe('\x00');
    expect(namedKeyBytes('C-@', NORMAL)).toBe('\x00');
    expect(namedKeyBytes('C-\\', NORMAL)).toBe('\x1c');
    expect(namedKeyBytes('C-]', NORMAL)).toBe('\x1d');
    expect(namedKeyBytes('C-^', NORMAL)).toBe('\x1e');
    expect(namedKeyBytes('C-_', NORMAL)).toBe('\x1f');
    expect(namedKeyBytes('M-x', NORMAL)).toBe(`${ESC}x`);
    expect(namedKeyBytes('M-X', NORMAL)).toBe(`${ESC}X`);
    expect(namedKeyBytes('C-M-x', NORMAL)).toBe(`${ESC}\x18`);
    expect(namedKeyBytes('M-C-x', NORMAL)).toBe(`${ESC}\x18`);
    expect(namedKeyBytes('M-Enter', NORMAL)).toBe(`${ESC}\r`);
    expect(namedKeyBytes('S-Tab', NORMAL)).toBe(`${ESC}[Z`);
    expect(namedKeyBytes('C-M-Up', NORMAL)).toBe(`${ESC}[1;7A`);
  });

  it('gives single characters as themselves', () => {
    expect(namedKeyBytes('a', NORMAL)).toBe('a');
    expect(namedKeyBytes('Z', NORMAL)).toBe('Z');
    expect(namedKeyBytes('-', NORMAL)).toBe('-');
    expect(namedKeyBytes('é', NORMAL)).toBe('é');
  });

  it('says undefined for words that are not keys, which the caller types literally', () => {
    for (const word of ['hello', 'ls -la', 'C-', 'F0', 'F21', 'Ctrl-c', '', 'C-hello']) {
      expect(namedKeyBytes(word, NORMAL), word).toBeUndefined();
    }
  });
});
