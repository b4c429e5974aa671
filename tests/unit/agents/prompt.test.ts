// An initial prompt is pasted as plain text: nothing in it can act on the terminal or end the paste early.

import { describe, expect, test } from 'vitest';
import { describeRemovals, encodeInitialPrompt, promptIsSafe, sanitizePrompt } from '../../../src/agents/prompt.js';
import { MAX_PROMPT_BYTES } from '../../../src/agents/promptTimings.js';

const ESC = '\x1b';
const clean = (text: string): string => sanitizePrompt(text).text;

describe('encodeInitialPrompt', () => {
  test('wraps the text in a bracketed paste and submits with Enter separately', () => {
    expect(encodeInitialPrompt('fix the failing test')).toEqual({
      ok: true,
      paste: `${ESC}[200~fix the failing test${ESC}[201~`,
      submit: '\r',
      removed: { escapeSequences: 0, controlCharacters: 0 },
    });
  });

  test('newlines stay newlines inside the paste (they do not submit there); CRLF and CR become newlines', () => {
    const encoded = encodeInitialPrompt('line one\nline two\r\nline three\rend\tTAB');
    expect(encoded.ok && encoded.paste).toBe(`${ESC}[200~line one\nline two\nline three\nend\tTAB${ESC}[201~`);
  });

  test('an embedded end-of-paste cannot end the paste early', () => {
    const encoded = encodeInitialPrompt(`harmless${ESC}[201~\rrm -rf ~\r`);
    if (!encoded.ok) throw new Error(encoded.message);
    expect(encoded.paste).toBe(`${ESC}[200~harmless\nrm -rf ~\n${ESC}[201~`);
    expect(encoded.paste.indexOf(`${ESC}[201~`)).toBe(encoded.paste.length - 6);
    expect(encoded.removed.escapeSequences).toBe(1);
  });

  test('the 8-bit form of end-of-paste (CSI as C1 0x9b) is removed too', () => {
    expect(clean('a\x9b201~b')).toBe('ab');
  });

  test('a too long prompt is refused with its size and the limit', () => {
    const result = encodeInitialPrompt('x'.repeat(MAX_PROMPT_BYTES + 1));
    expect(result).toEqual({ ok: false, message: 'The prompt is 101 KB; the most tessera sends is 100 KB. Put the details in a file and refer to it.' });
    expect(encodeInitialPrompt('x'.repeat(MAX_PROMPT_BYTES)).ok).toBe(true);
  });

  test('the limit counts UTF-8 bytes, not characters', () => {
    expect(encodeInitialPrompt('é'.repeat(MAX_PROMPT_BYTES / 2 + 1)).ok).toBe(false);
  });

  test('a prompt that is empty once cleaned is refused', () => {
    expect(encodeInitialPrompt('')).toEqual({ ok: false, message: 'The prompt is empty: there is nothing to send' });
    expect(encodeInitialPrompt(`${ESC}[2J \n\x00`).ok).toBe(false);
  });
});

describe('sanitizePrompt', () => {
  test('removes CSI sequences whole, leaving no parameters behind', () => {
    expect(sanitizePrompt(`${ESC}[31mred${ESC}[0m and ${ESC}[?1049h`)).toEqual({ text: 'red and ', removed: { escapeSequences: 3, controlCharacters: 0 } });
  });

  test('removes terminated OSC, DCS and APC strings whole (a title change, a clipboard write)', () => {
    expect(clean(`a${ESC}]0;title\x07b${ESC}]52;c;ZXZpbA==${ESC}\\c`)).toBe('abc');
    expect(clean(`a${ESC}P+q544e${ESC}\\b${ESC}_payload${ESC}\\c`)).toBe('abc');
  });

  test('an unterminated OSC loses only its introducer, not the rest of the prompt', () => {
    expect(clean(`keep ${ESC}]0;all of this`)).toBe('keep 0;all of this');
  });

  test('removes two-character escapes and a lone ESC', () => {
    expect(clean(`a${ESC}cb${ESC}7c${ESC}`)).toBe('abc');
  });

  test('removes C0 controls except tab and newline, DEL, NUL and C1', () => {
    expect(sanitizePrompt('a\x00b\x07c\x08d\x7fe\x85f\x9cg\th\ni\x03')).toEqual({ text: 'abcdefg\th\ni', removed: { escapeSequences: 0, controlCharacters: 7 } });
  });

  test('keeps ordinary Unicode text', () => {
    const text = 'Résumé 日本語 ❯ → 🙂 — “quotes” ÿ\u00a0nbsp';
    expect(clean(text)).toBe(text);
  });

  test('no ESC, C1 or other control survives any mix of input', () => {
    const pieces = [ESC, '[', '2', '0', '1', '~', ']', 'P', '\\', '\x07', '\x9b', '\x9d', '\x90', '\x00', '\x7f', '\r', '\n', 'a', ';', '?'];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: 1 + (next() % 24) }, () => pieces[next() % pieces.length]).join('');
      const result = clean(text);
      expect(result, JSON.stringify(text)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    }
  });
});

describe('promptIsSafe and describeRemovals', () => {
  test('a plain prompt is safe; one with escapes, controls or too many bytes is not', () => {
    expect(promptIsSafe('add a test\n\twith a tab')).toBe(true);
    expect(promptIsSafe(`x${ESC}[201~`)).toBe(false);
    expect(promptIsSafe('x\x00')).toBe(false);
    expect(promptIsSafe('x'.repeat(MAX_PROMPT_BYTES + 1))).toBe(false);
  });

  test('says what was removed, in words', () => {
    expect(describeRemovals({ escapeSequences: 0, controlCharacters: 0 })).toBeUndefined();
    expect(describeRemovals({ escapeSequences: 1, controlCharacters: 0 })).toBe('removed 1 escape sequence from the prompt');
    expect(describeRemovals(sanitizePrompt(`${ESC}[1m${ESC}[0mx\x00`).removed)).toBe('removed 2 escape sequences and 1 control character from the prompt');
  });
});
