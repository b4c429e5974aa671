import { describe, expect, it } from 'vitest';
import { InputDecoder, type KeyToken } from '../../../src/term/keys/decode.js';
import { encodeForPane, type PaneInputModes } from '../../../src/term/keys/encode.js';

const ESC = '\x1b';
const NORMAL: PaneInputModes = { applicationCursorKeys: false, bracketedPaste: false };
const APPLICATION: PaneInputModes = { applicationCursorKeys: true, bracketedPaste: true };

function tokens(input: string): KeyToken[] {
  const decoder = new InputDecoder();
  return [...decoder.feed(input), ...decoder.flush()];
}

/** What a pane receives for the given outer-terminal input. */
const forPane = (input: string, modes: PaneInputModes): string =>
  tokens(input)
    .map((t) => encodeForPane(t, modes))
    .join('');

describe('encodeForPane', () => {
  it('forwards ordinary typing untouched', () => {
    const typing = `hello wörld 😀\r\x03\x7f\t${ESC}b${ESC}[3~${ESC}[1;5C${ESC}OP${ESC}[24~\x1c\x00`;
    expect(forPane(typing, NORMAL)).toBe(typing);
    expect(forPane(typing, APPLICATION)).toBe(typing);
  });

  it("sends unmodified cursor keys, Home and End in the pane's cursor-key mode", () => {
    for (const letter of ['A', 'B', 'C', 'D', 'H', 'F']) {
      for (const input of [`${ESC}[${letter}`, `${ESC}O${letter}`]) {
        expect(forPane(input, NORMAL)).toBe(`${ESC}[${letter}`);
        expect(forPane(input, APPLICATION)).toBe(`${ESC}O${letter}`);
      }
    }
    expect(forPane(`${ESC}[1~`, APPLICATION)).toBe(`${ESC}OH`);
    expect(forPane(`${ESC}[4~`, NORMAL)).toBe(`${ESC}[F`);
  });

  it('keeps modifiers on cursor keys in either mode', () => {
    expect(forPane(`${ESC}[1;5A`, APPLICATION)).toBe(`${ESC}[1;5A`);
    expect(forPane(`${ESC}[1;2D`, NORMAL)).toBe(`${ESC}[1;2D`);
  });

  it('brackets a paste only for a pane that asked for it', () => {
    const text = `two\rlines ${ESC}[A`;
    const input = `${ESC}[200~${text}${ESC}[201~`;
    expect(forPane(input, NORMAL)).toBe(text);
    expect(forPane(input, APPLICATION)).toBe(input);
  });

  it('translates kitty CSI u and modifyOtherKeys into the legacy bytes', () => {
    const cases: [string, string][] = [
      [`${ESC}[92;5u`, '\x1c'],
      [`${ESC}[92;69u`, '\x1c'],
      [`${ESC}[32;5u`, '\x00'],
      [`${ESC}[98;5u`, '\x02'],
      [`${ESC}[97;6u`, '\x01'],
      [`${ESC}[97;3u`, `${ESC}a`],
      [`${ESC}[97;7u`, `${ESC}\x01`],
      [`${ESC}[97u`, 'a'],
      [`${ESC}[97;2u`, 'A'],
      [`${ESC}[49:33;2u`, '!'],
      [`${ESC}[97;;233u`, 'é'],
      [`${ESC}[27u`, ESC],
      [`${ESC}[13u`, '\r'],
      [`${ESC}[13;2u`, '\r'],
      [`${ESC}[13;3u`, `${ESC}\r`],
      [`${ESC}[9;2u`, `${ESC}[Z`],
      [`${ESC}[127u`, '\x7f'],
      [`${ESC}[127;5u`, '\x08'],
      [`${ESC}[27;5;92~`, '\x1c'],
      [`${ESC}[27;5;99~`, '\x03'],
      [`${ESC}[27;2;13~`, '\r'],
      [`${ESC}[57414u`, '\r'],
      [`${ESC}[57399u`, '0'],
      [`${ESC}[57376u`, `${ESC}[25~`],
      [`${ESC}[1;1:1A`, `${ESC}[A`],
      [`${ESC}[1;5:2A`, `${ESC}[1;5A`],
      [`${ESC}[3;1:1~`, `${ESC}[3~`],
    ];
    for (const [input, expected] of cases) expect(forPane(input, NORMAL), JSON.stringify(input)).toBe(expected);
    expect(forPane(`${ESC}[1;1:1A`, APPLICATION)).toBe(`${ESC}OA`);
  });

  it('sends nothing for key releases, keys with no legacy form, focus, mouse and replies', () => {
    for (const input of [
      `${ESC}[97;1:3u`,
      `${ESC}[1;1:3A`,
      `${ESC}[57441u`,
      `${ESC}[I`,
      `${ESC}[O`,
      `${ESC}[<0;3;4M`,
      `${ESC}[M !!`,
      `${ESC}]11;rgb:0/0/0\x07`,
      `${ESC}[?62c`,
    ]) {
      expect(forPane(input, NORMAL), JSON.stringify(input)).toBe('');
    }
  });

  it('passes through what it cannot read, so nothing typed is lost', () => {
    expect(forPane(`${ESC}[99x`, NORMAL)).toBe(`${ESC}[99x`);
    expect(forPane('\x9b', NORMAL)).toBe('\x9b');
  });

  it('round trips: the legacy bytes of every key decode and re-encode to themselves', () => {
    const legacy = [
      ...'abcXYZ019!@#~`[]{}\\|;:\'",.<>/?é€😀',
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== ESC),
      '\x7f',
      `${ESC}[A`,
      `${ESC}[1;3B`,
      `${ESC}[2~`,
      `${ESC}[6;5~`,
      `${ESC}OQ`,
      `${ESC}[1;6S`,
      `${ESC}[20~`,
      `${ESC}[Z`,
      `${ESC}x`,
      `${ESC}\x01`,
      ESC,
    ];
    for (const bytes of legacy) {
      expect(tokens(bytes), JSON.stringify(bytes)).toHaveLength(1);
      expect(forPane(bytes, NORMAL), JSON.stringify(bytes)).toBe(bytes);
    }
  });
});
