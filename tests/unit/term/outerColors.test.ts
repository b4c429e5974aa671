import { describe, expect, it } from 'vitest';
import { COLOR_QUERIES, readColorReply, type TerminalColors } from '../../../src/term/outerColors.js';

describe('readColorReply', () => {
  it('reads foreground, background and palette replies ended by BEL or ST', () => {
    const colors: TerminalColors = { palette: new Map() };
    expect(readColorReply('\x1b]10;rgb:0000/0000/0000\x07', colors)).toBe(true);
    expect(readColorReply('\x1b]11;rgb:ffff/ffff/ffff\x1b\\', colors)).toBe(true);
    expect(readColorReply('\x1b]4;3;rgb:cd/cd/00\x07', colors)).toBe(true);
    expect(readColorReply('\x1b]4;9;#ff0000\x07', colors)).toBe(true);
    expect(colors).toEqual({
      foreground: 'rgb:0000/0000/0000',
      background: 'rgb:ffff/ffff/ffff',
      palette: new Map([
        [3, 'rgb:cd/cd/00'],
        [9, '#ff0000'],
      ]),
    });
  });

  it('ignores anything else: other replies, bad specs, injected sequences', () => {
    const colors: TerminalColors = { palette: new Map() };
    expect(readColorReply('\x1b[?1;2c', colors)).toBe(false);
    expect(readColorReply('\x1b]11;?\x07', colors)).toBe(false);
    expect(readColorReply('\x1b]11;rgb:ff/ff/ff;\x1b]52;c;eA==\x07', colors)).toBe(false);
    expect(readColorReply('\x1b]10;rgb:zz/00/00\x07', colors)).toBe(false);
    expect(readColorReply('\x1b]4;999;rgb:00/00/00\x07', colors)).toBe(false);
    expect(colors).toEqual({ palette: new Map() });
  });

  it('asks for foreground, background and all 256 palette colors', () => {
    expect(COLOR_QUERIES.match(/\x1b\]/g)).toHaveLength(258);
  });
});
