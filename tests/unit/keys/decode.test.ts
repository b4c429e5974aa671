import { describe, expect, it } from 'vitest';
import { InputDecoder, type Key, type KeyToken } from '../../../src/term/keys/decode.js';

const ESC = '\x1b';

/** Decodes input in one go, then flushes as the server does after ESCAPE_TIMEOUT_MS of silence. */
function decode(input: string): KeyToken[] {
  const decoder = new InputDecoder();
  return [...decoder.feed(input), ...decoder.flush()];
}

function keyOf(input: string): Key | undefined {
  const tokens = decode(input);
  expect(tokens).toHaveLength(1);
  return tokens[0].key;
}

const key = (name: string, mods: Partial<Key> = {}): Key => ({ name, ctrl: false, alt: false, shift: false, ...mods });

describe('InputDecoder: plain input', () => {
  it('gives one key per character, with the text it types', () => {
    const tokens = decode('aZ!é');
    expect(tokens.map((t) => t.key)).toEqual([
      key('a', { char: 'a' }),
      key('z', { shift: true, char: 'Z' }),
      key('!', { char: '!' }),
      key('é', { char: 'é' }),
    ]);
    expect(tokens.every((t) => t.kind === 'key')).toBe(true);
  });

  it('keeps characters outside the BMP whole, even when their halves arrive apart', () => {
    expect(decode('😀')).toEqual([{ kind: 'key', raw: '😀', key: key('😀', { char: '😀' }) }]);
    const decoder = new InputDecoder();
    expect(decoder.feed('😀'[0])).toEqual([]);
    expect(decoder.pending()).toBe(true);
    expect(decoder.feed('😀'[1])).toEqual([{ kind: 'key', raw: '😀', key: key('😀', { char: '😀' }) }]);
  });

  it('names the C0 control characters', () => {
    expect(keyOf('\x01')).toEqual(key('a', { ctrl: true }));
    expect(keyOf('\x02')).toEqual(key('b', { ctrl: true }));
    expect(keyOf('\x1a')).toEqual(key('z', { ctrl: true }));
    expect(keyOf('\x00')).toEqual(key('space', { ctrl: true }));
    expect(keyOf('\x1c')).toEqual(key('\\', { ctrl: true }));
    expect(keyOf('\x1d')).toEqual(key(']', { ctrl: true }));
    expect(keyOf('\x1e')).toEqual(key('^', { ctrl: true }));
    expect(keyOf('\x1f')).toEqual(key('_', { ctrl: true }));
    expect(keyOf('\x7f')).toEqual(key('backspace'));
    expect(keyOf('\r')).toEqual(key('enter'));
    expect(keyOf('\t')).toEqual(key('tab'));
    expect(keyOf(' ')).toEqual(key('space', { char: ' ' }));
  });

  it('reads ESC + key as Alt + key', () => {
    expect(decode(`${ESC}a`)).toEqual([{ kind: 'key', raw: `${ESC}a`, key: key('a', { alt: true }) }]);
    expect(keyOf(`${ESC}A`)).toEqual(key('a', { alt: true, shift: true }));
    expect(keyOf(`${ESC}\x02`)).toEqual(key('b', { alt: true, ctrl: true }));
    expect(keyOf(`${ESC}\r`)).toEqual(key('enter', { alt: true }));
  });
});

describe('InputDecoder: Escape', () => {
  it('holds a lone ESC until flush, then it is the Escape key', () => {
    const decoder = new InputDecoder();
    expect(decoder.feed(ESC)).toEqual([]);
    expect(decoder.pending()).toBe(true);
    expect(decoder.flush()).toEqual([{ kind: 'key', raw: ESC, key: key('escape') }]);
    expect(decoder.pending()).toBe(false);
  });

  it('reads ESC ESC as Escape pressed, then whatever the second ESC starts', () => {
    expect(decode(`${ESC}${ESC}[A`).map((t) => t.key?.name)).toEqual(['escape', 'up']);
    expect(decode(`${ESC}${ESC}`).map((t) => t.key?.name)).toEqual(['escape', 'escape']);
  });

  it('resolves unfinished introducers on flush: ESC [ is Alt+[, ESC O is Alt+O', () => {
    expect(keyOf(`${ESC}[`)).toEqual(key('[', { alt: true }));
    expect(keyOf(`${ESC}O`)).toEqual(key('o', { alt: true, shift: true }));
    expect(keyOf(`${ESC}]`)).toEqual(key(']', { alt: true }));
  });
});

describe('InputDecoder: sequences cut short', () => {
  it('says when a sequence is under way past its introducer, so its rest is waited for longer', () => {
    const waits = (input: string) => {
      const decoder = new InputDecoder();
      decoder.feed(input);
      return decoder.awaitsRest();
    };
    expect([ESC, `${ESC}[`, `${ESC}]`, `${ESC}P`, `${ESC}O`].map(waits)).toEqual([false, false, false, false, false]);
    expect([`${ESC}[1`, `${ESC}[?62`, `${ESC}[<0;12`, `${ESC}]11;rgb:00`, `${ESC}]10;rgb:d0d0${ESC}`, `${ESC}P>|xterm`].map(waits)).toEqual([true, true, true, true, true, true]);
    expect(waits(`${ESC}[1;5`)).toBe(true);
    expect(waits(`${ESC}[1;5A`)).toBe(false); // finished: nothing waits
  });

  it('makes a reply that never ended a reply on flush, never keys for a pane', () => {
    expect(decode(`${ESC}]11;rgb:0000/00`)).toEqual([{ kind: 'reply', raw: `${ESC}]11;rgb:0000/00` }]);
    expect(decode(`${ESC}P>|xterm(3`)).toEqual([{ kind: 'reply', raw: `${ESC}P>|xterm(3` }]);
    expect(decode(`${ESC}[?62;4`)).toEqual([{ kind: 'reply', raw: `${ESC}[?62;4` }]);
    // One broken off by the next reply is a reply too.
    expect(decode(`${ESC}]10;rgb:d0d${ESC}]11;rgb:0000/0000/0000${ESC}\\`).map((t) => t.kind)).toEqual(['reply', 'reply']);
    // A key sequence cut short is still handed on as it came (nothing typed is lost).
    expect(decode(`${ESC}[1;5`)).toEqual([{ kind: 'unknown', raw: `${ESC}[1;5` }]);
  });

  it('puts a reply split in two back together when its rest comes before the flush', () => {
    const decoder = new InputDecoder();
    expect(decoder.feed(`${ESC}]10;rgb:d0d0/d0`)).toEqual([]);
    expect(decoder.feed(`d0/d0d0${ESC}\\${ESC}]11;rgb:0000/0000/0000${ESC}\\`)).toEqual([
      { kind: 'reply', raw: `${ESC}]10;rgb:d0d0/d0d0/d0d0${ESC}\\` },
      { kind: 'reply', raw: `${ESC}]11;rgb:0000/0000/0000${ESC}\\` },
    ]);
  });
});

describe('InputDecoder: CSI and SS3 keys', () => {
  it('reads cursor keys in both modes and with modifiers', () => {
    expect(keyOf(`${ESC}[A`)).toEqual(key('up'));
    expect(keyOf(`${ESC}OA`)).toEqual(key('up'));
    expect(keyOf(`${ESC}[1;5D`)).toEqual(key('left', { ctrl: true }));
    expect(keyOf(`${ESC}[1;2C`)).toEqual(key('right', { shift: true }));
    expect(keyOf(`${ESC}[1;4B`)).toEqual(key('down', { shift: true, alt: true }));
    expect(keyOf(`${ESC}[H`)).toEqual(key('home'));
    expect(keyOf(`${ESC}OF`)).toEqual(key('end'));
  });

  it('reads ~ keys and function keys', () => {
    expect(keyOf(`${ESC}[3~`)).toEqual(key('delete'));
    expect(keyOf(`${ESC}[3;5~`)).toEqual(key('delete', { ctrl: true }));
    expect(keyOf(`${ESC}[2~`)).toEqual(key('insert'));
    expect(keyOf(`${ESC}[5~`)).toEqual(key('pageup'));
    expect(keyOf(`${ESC}[6~`)).toEqual(key('pagedown'));
    expect(keyOf(`${ESC}[1~`)).toEqual(key('home'));
    expect(keyOf(`${ESC}[4~`)).toEqual(key('end'));
    expect(keyOf(`${ESC}OP`)).toEqual(key('f1'));
    expect(keyOf(`${ESC}[1;2Q`)).toEqual(key('f2', { shift: true }));
    expect(keyOf(`${ESC}[15~`)).toEqual(key('f5'));
    expect(keyOf(`${ESC}[24~`)).toEqual(key('f12'));
    expect(keyOf(`${ESC}[[A`)).toEqual(key('f1'));
    expect(keyOf(`${ESC}[Z`)).toEqual(key('tab', { shift: true }));
  });

  it('reads kitty CSI u keys, masking Caps Lock and Num Lock', () => {
    expect(keyOf(`${ESC}[92;5u`)).toEqual(key('\\', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[92;69u`)).toEqual(key('\\', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[92;133u`)).toEqual(key('\\', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[92;197u`)).toEqual(key('\\', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[32;5u`)).toEqual(key('space', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[27u`)).toEqual(key('escape', { extended: true }));
    expect(keyOf(`${ESC}[13;2u`)).toEqual(key('enter', { shift: true, extended: true }));
    expect(keyOf(`${ESC}[97;9u`)).toEqual(key('a', { super: true, extended: true }));
    expect(keyOf(`${ESC}[97u`)).toEqual(key('a', { char: 'a', extended: true }));
  });

  it('reads kitty event types, alternate keys and associated text', () => {
    expect(keyOf(`${ESC}[98;5:3u`)).toEqual(key('b', { ctrl: true, event: 'release', extended: true }));
    expect(keyOf(`${ESC}[98;5:2u`)).toEqual(key('b', { ctrl: true, event: 'repeat', extended: true }));
    expect(keyOf(`${ESC}[98;5:1u`)).toEqual(key('b', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[97:65;2u`)).toEqual(key('a', { shift: true, char: 'A', extended: true }));
    expect(keyOf(`${ESC}[49:33;2u`)).toEqual(key('1', { shift: true, char: '!', extended: true }));
    expect(keyOf(`${ESC}[97;;233u`)).toEqual(key('a', { char: 'é', extended: true }));
    expect(keyOf(`${ESC}[1;5:3A`)).toEqual(key('up', { ctrl: true, event: 'release', extended: true }));
    expect(keyOf(`${ESC}[57399u`)).toEqual(key('0', { char: '0', extended: true }));
    expect(keyOf(`${ESC}[57376u`)).toEqual(key('f13', { extended: true }));
    expect(keyOf(`${ESC}[57441u`)).toEqual(key('kitty-57441', { extended: true }));
  });

  it("reads xterm's modifyOtherKeys", () => {
    expect(keyOf(`${ESC}[27;5;92~`)).toEqual(key('\\', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[27;5;32~`)).toEqual(key('space', { ctrl: true, extended: true }));
    expect(keyOf(`${ESC}[27;2;13~`)).toEqual(key('enter', { shift: true, extended: true }));
    expect(keyOf(`${ESC}[27;2;65~`)).toEqual(key('a', { shift: true, char: 'A', extended: true }));
  });
});

describe('InputDecoder: other events', () => {
  it('reads focus events', () => {
    expect(decode(`${ESC}[I${ESC}[O`).map((t) => t.kind)).toEqual(['focus-in', 'focus-out']);
  });

  it('reads SGR, urxvt and X10 mouse reports, with button, position and modifiers', () => {
    const left = { button: 'left', x: 11, y: 4, shift: false, alt: false, ctrl: false };
    expect(decode(`${ESC}[<0;12;5M${ESC}[<0;12;5m`)).toEqual([
      { kind: 'mouse', raw: `${ESC}[<0;12;5M`, mouse: { ...left, action: 'press', encoding: 'sgr' } },
      { kind: 'mouse', raw: `${ESC}[<0;12;5m`, mouse: { ...left, action: 'release', encoding: 'sgr' } },
    ]);
    expect(decode(`${ESC}[<84;3;200M`)[0].mouse).toEqual({ button: 'wheel-up', action: 'press', x: 2, y: 199, shift: true, alt: false, ctrl: true, encoding: 'sgr' });
    expect(decode(`${ESC}[<32;3;4M`)[0].mouse?.action).toBe('move');
    expect(decode(`${ESC}[32;12;5M`)).toEqual([{ kind: 'mouse', raw: `${ESC}[32;12;5M`, mouse: { ...left, action: 'press', encoding: 'urxvt' } }]);
    expect(decode(`${ESC}[M !!x`)).toEqual([
      { kind: 'mouse', raw: `${ESC}[M !!`, mouse: { ...left, x: 0, y: 0, action: 'press', encoding: 'x10' } },
      { kind: 'key', raw: 'x', key: key('x', { char: 'x' }) },
    ]);
    // X10 release says "a button" (3) without saying which.
    expect(decode(`${ESC}[M#!!`)[0].mouse).toMatchObject({ button: 'none', action: 'release' });
  });

  it('keeps a mouse report it cannot read as a mouse token, never as keys', () => {
    // X10 positions past 223 arrive as bytes that are not text.
    expect(decode(`${ESC}[M \ufffd\ufffd`)).toEqual([{ kind: 'mouse', raw: `${ESC}[M \ufffd\ufffd` }]);
    expect(decode(`${ESC}[<0;0;5M`)).toEqual([{ kind: 'mouse', raw: `${ESC}[<0;0;5M` }]);
  });

  it("tells the outer terminal's replies apart from keys", () => {
    const replies = [
      `${ESC}]11;rgb:1e1e/1e1e/1e1e\x07`,
      `${ESC}]10;rgb:ffff/ffff/ffff${ESC}\\`,
      `${ESC}P>|xterm(390)${ESC}\\`,
      `${ESC}[?62;22c`,
      `${ESC}[?2026;2$y`,
      `${ESC}[?1u`,
      `${ESC}[12;40R`,
    ];
    for (const reply of replies) expect(decode(reply)).toEqual([{ kind: 'reply', raw: reply }]);
  });

  it('keeps Alt+] and Alt+P as keys when no reply follows', () => {
    expect(decode(`${ESC}]x`).map((t) => t.key)).toEqual([key(']', { alt: true }), key('x', { char: 'x' })]);
    expect(keyOf(`${ESC}P`)).toEqual(key('p', { alt: true, shift: true }));
  });
});

describe('InputDecoder: bracketed paste', () => {
  const paste = (text: string): string => `${ESC}[200~${text}${ESC}[201~`;

  it('gives the whole paste as one token, escape sequences inside included', () => {
    const text = `line one\r${ESC}[A${ESC}\x03 and \x1c${ESC}[200~ nested start`;
    expect(decode(`a${paste(text)}b`)).toEqual([
      { kind: 'key', raw: 'a', key: key('a', { char: 'a' }) },
      { kind: 'paste', raw: paste(text), paste: text },
      { kind: 'key', raw: 'b', key: key('b', { char: 'b' }) },
    ]);
  });

  it('collects a paste across feeds, whatever the split points', () => {
    const text = `hello ${ESC}[20 world ${ESC}[201 not yet`;
    const input = paste(text);
    for (let cut = 0; cut <= input.length; cut++) {
      for (let cut2 = cut; cut2 <= input.length; cut2 += 3) {
        const decoder = new InputDecoder();
        const tokens = [
          ...decoder.feed(input.slice(0, cut)),
          ...decoder.feed(input.slice(cut, cut2)),
          ...decoder.feed(input.slice(cut2)),
        ];
        expect(tokens).toEqual([{ kind: 'paste', raw: input, paste: text }]);
        expect(decoder.pending()).toBe(false);
      }
    }
  });

  it('does not end a paste on flush: the rest of it may still be on its way', () => {
    const decoder = new InputDecoder();
    expect(decoder.feed(`${ESC}[200~part one ${ESC}`)).toEqual([]);
    expect(decoder.flush()).toEqual([]);
    expect(decoder.inPaste()).toBe(true);
    expect(decoder.feed(`[201~x`)).toEqual([
      { kind: 'paste', raw: paste(`part one `), paste: 'part one ' },
      { kind: 'key', raw: 'x', key: key('x', { char: 'x' }) },
    ]);
  });

  it('gives an empty paste as one token', () => {
    expect(decode(paste(''))).toEqual([{ kind: 'paste', raw: paste(''), paste: '' }]);
  });
});
