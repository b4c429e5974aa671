import { describe, expect, it } from 'vitest';
import { InputDecoder, type KeyToken } from '../../../src/term/keys/decode.js';
import { keyToBytes, parseKeySpec, type KeyMatcher } from '../../../src/term/keys/prefix.js';

const ESC = '\x1b';

function matcher(spec: string): KeyMatcher {
  const parsed = parseKeySpec(spec);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

function token(input: string): KeyToken {
  const decoder = new InputDecoder();
  const tokens = [...decoder.feed(input), ...decoder.flush()];
  expect(tokens, JSON.stringify(input)).toHaveLength(1);
  return tokens[0];
}

/** Each candidate prefix: the code point kitty / modifyOtherKeys report, and its legacy byte. */
const CANDIDATES = [
  { spec: 'C-\\', code: 92, legacy: '\x1c' },
  { spec: 'C-Space', code: 32, legacy: '\x00' },
  { spec: 'C-b', code: 98, legacy: '\x02' },
  { spec: 'C-a', code: 97, legacy: '\x01' },
];

describe('parseKeySpec', () => {
  for (const { spec, code, legacy } of CANDIDATES) {
    describe(spec, () => {
      const matches = matcher(spec);

      it('matches the key in every encoding a terminal may use', () => {
        const encodings = [
          legacy,
          `${ESC}[${code};5u`,
          `${ESC}[${code};69u`, // Caps Lock on
          `${ESC}[${code};133u`, // Num Lock on
          `${ESC}[${code};197u`, // both
          `${ESC}[${code};5:1u`, // kitty press event
          `${ESC}[${code};5:2u`, // kitty repeat
          `${ESC}[27;5;${code}~`, // modifyOtherKeys
          `${ESC}[27;69;${code}~`,
        ];
        for (const input of encodings) expect(matches(token(input)), JSON.stringify(input)).toBe(true);
      });

      it('does not match other keys or other modifiers', () => {
        const others = [
          `${ESC}${legacy}`, // Alt + the key
          `${ESC}[${code};7u`, // Ctrl+Alt
          `${ESC}[${code};13u`, // Ctrl+Super
          `${ESC}[${code};5:3u`, // release
          `${ESC}[${code}u`, // no Ctrl
          `${ESC}[${code};3u`, // Alt only
          '\x03',
          'x',
          `${ESC}[A`,
        ];
        for (const input of others) expect(matches(token(input)), JSON.stringify(input)).toBe(false);
        expect(matches({ kind: 'paste', raw: `${ESC}[200~${legacy}${ESC}[201~`, paste: legacy })).toBe(false);
      });
    });
  }

  it('counts Shift on letters where the terminal reports it', () => {
    expect(matcher('C-b')(token(`${ESC}[98;6u`))).toBe(false);
    expect(matcher('C-S-b')(token(`${ESC}[98;6u`))).toBe(true);
    expect(matcher('C-B')(token('\x02'))).toBe(true);
  });

  it('treats keys a legacy terminal cannot tell apart as the same key', () => {
    expect(matcher('C-\\')(token(`${ESC}[52;5u`))).toBe(true); // Ctrl+4 sends 0x1c too
    expect(matcher('C-Space')(token(`${ESC}[64;5u`))).toBe(true); // Ctrl+@
    expect(matcher('C-@')(token('\x00'))).toBe(true);
  });

  it('matches Alt and function key specs', () => {
    expect(matcher('M-a')(token(`${ESC}a`))).toBe(true);
    expect(matcher('M-a')(token(`${ESC}[97;3u`))).toBe(true);
    expect(matcher('M-a')(token('a'))).toBe(false);
    expect(matcher('F12')(token(`${ESC}[24~`))).toBe(true);
    expect(matcher('f12')(token(`${ESC}[24;1:1~`))).toBe(true);
    expect(matcher('F12')(token(`${ESC}[24;5~`))).toBe(false);
    expect(matcher('C-M-x')(token(`${ESC}\x18`))).toBe(true);
    expect(matcher('^b')(token('\x02'))).toBe(true);
  });

  it('explains a spec it cannot read', () => {
    expect(parseKeySpec('C-')).toMatch(/is not a key/);
    expect(parseKeySpec('Ctrl+B')).toMatch(/"Ctrl\+B" is not a key/);
    expect(parseKeySpec('F99')).toMatch(/is not a key/);
    expect(parseKeySpec('')).toMatch(/names no key/);
  });
});

describe('keyToBytes', () => {
  it('gives the legacy bytes of a spec, to send the prefix itself to a pane', () => {
    expect(keyToBytes('C-\\')).toBe('\x1c');
    expect(keyToBytes('C-Space')).toBe('\x00');
    expect(keyToBytes('C-b')).toBe('\x02');
    expect(keyToBytes('C-a')).toBe('\x01');
    expect(keyToBytes('M-a')).toBe(`${ESC}a`);
    expect(keyToBytes('F12')).toBe(`${ESC}[24~`);
    expect(keyToBytes('nonsense')).toBeUndefined();
  });
});
