import { describe, expect, it } from 'vitest';
import { createPlainTextFilter } from '../../../bench/lib/plain-text.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('createPlainTextFilter', () => {
  it('keeps printable text and drops CSI sequences and controls', () => {
    const plain = createPlainTextFilter();
    expect(plain(bytes('\x1b[12;40H\x1b[38;2;1;2;3mQ\x1b[0m\r\n\x1b[?2026l'))).toBe('Q');
  });

  it('drops OSC strings ended by BEL or by ST', () => {
    const plain = createPlainTextFilter();
    expect(plain(bytes('\x1b]0;window Title\x07a\x1b]8;;http://x\x1b\\b'))).toBe('ab');
  });

  it('drops DCS strings and charset designations', () => {
    const plain = createPlainTextFilter();
    expect(plain(bytes('\x1bP>|tmux 3.3\x1b\\\x1b(Bx\x1b=y'))).toBe('xy');
  });

  it('follows a sequence split across chunks', () => {
    const plain = createPlainTextFilter();
    expect(plain(bytes('\x1b[3'))).toBe('');
    expect(plain(bytes('8;5;1'))).toBe('');
    expect(plain(bytes('mW\x1b'))).toBe('W');
    expect(plain(bytes('[KZ'))).toBe('Z');
  });

  it('drops the bytes of non-ASCII characters', () => {
    const plain = createPlainTextFilter();
    expect(plain(Buffer.from('│X│'))).toBe('X');
  });
});
