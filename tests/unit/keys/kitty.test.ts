// The kitty keyboard protocol toward panes: the flags a program sets (and what it is told), and its
// keys encoded for them, from whatever the user's terminal sent.

import { afterEach, describe, expect, it } from 'vitest';
import { Emulator } from '../../../src/term/emulator.js';
import { InputDecoder } from '../../../src/term/keys/decode.js';
import { encodeForPane, keysForPane, type PaneInputModes } from '../../../src/term/keys/encode.js';
import { namedKeyBytes } from '../../../src/term/keys/named.js';
import { MODES_LEFT_ON_RESET } from '../../../src/term/modesLeftOn.js';

const KITTY: PaneInputModes = { applicationCursorKeys: false, bracketedPaste: false, keyboardFlags: 1 };
const LEGACY: PaneInputModes = { applicationCursorKeys: false, bracketedPaste: false, keyboardFlags: 0 };
const forPane = (input: string, modes: PaneInputModes) => {
  const decoder = new InputDecoder();
  return [...decoder.feed(input), ...decoder.flush()].map((t) => encodeForPane(t, modes)).join('');
};

describe('keys for a pane that set kitty flag 1 (disambiguate)', () => {
  it('sends Esc and Ctrl/Alt combinations as CSI u, from legacy input', () => {
    expect(forPane('\x1b', KITTY)).toBe('\x1b[27u');
    expect(forPane('\x01', KITTY)).toBe('\x1b[97;5u'); // Ctrl+a
    expect(forPane('\x1bx', KITTY)).toBe('\x1b[120;3u'); // Alt+x
    expect(forPane('\x1c', KITTY)).toBe('\x1b[92;5u'); // Ctrl+\
    expect(forPane('\x00', KITTY)).toBe('\x1b[32;5u'); // Ctrl+Space
  });

  it('keeps text, unmodified Enter/Tab/Backspace and the cursor keys as they are', () => {
    expect(forPane('hello A', KITTY)).toBe('hello A');
    expect(forPane('\r', KITTY)).toBe('\r');
    expect(forPane('\t', KITTY)).toBe('\t');
    expect(forPane('\x7f', KITTY)).toBe('\x7f');
    expect(forPane('\x1b[A', KITTY)).toBe('\x1b[A');
    expect(forPane('\x1b[1;5C', KITTY)).toBe('\x1b[1;5C');
    expect(forPane('\x1b[5~', KITTY)).toBe('\x1b[5~');
  });

  it('passes modifiers the user\'s terminal reported (CSI u, modifyOtherKeys) that legacy bytes would lose', () => {
    expect(forPane('\x1b[13;2u', KITTY)).toBe('\x1b[13;2u'); // Shift+Enter
    expect(forPane('\x1b[27;5;13~', KITTY)).toBe('\x1b[13;5u'); // Ctrl+Enter, as modifyOtherKeys
    expect(forPane('\x1b[13;2u', LEGACY)).toBe('\r');
    expect(forPane('\x1b[97;5u', KITTY)).toBe('\x1b[97;5u');
    expect(forPane('\x1b[97;5:3u', KITTY)).toBe(''); // a release: flag 2 (event types) is not applied
  });

  it('sends legacy bytes to a pane that set no flags', () => {
    expect(forPane('\x1b', LEGACY)).toBe('\x1b');
    expect(forPane('\x1b[97;5u', LEGACY)).toBe('\x01');
    // F1–F4 as a kitty terminal sends them (CSI P, CSI 13 ~) reach the pane in xterm's form.
    expect(forPane('\x1b[P', LEGACY)).toBe('\x1bOP');
    expect(forPane('\x1b[13~', LEGACY)).toBe('\x1bOR');
    expect(forPane('\x1b[1;5S', LEGACY)).toBe('\x1b[1;5S');
  });
});

describe('keys tessera types itself into a pane with kitty flags', () => {
  it('sends named keys (send-keys) and approval answers in the form the pane asked for', () => {
    expect(namedKeyBytes('Escape', KITTY)).toBe('\x1b[27u');
    expect(namedKeyBytes('C-c', KITTY)).toBe('\x1b[99;5u');
    expect(namedKeyBytes('Enter', KITTY)).toBe('\r');
    expect(namedKeyBytes('Escape', LEGACY)).toBe('\x1b');
    expect(keysForPane('\x1b', KITTY)).toBe('\x1b[27u');
    expect(keysForPane('1\r', KITTY)).toBe('1\r');
    expect(keysForPane('\x1b', LEGACY)).toBe('\x1b');
  });
});

describe('the flags a program sets in its pane', () => {
  const emulators: Emulator[] = [];
  afterEach(() => {
    for (const e of emulators.splice(0)) e.dispose();
  });

  function make() {
    const emulator = new Emulator({ cols: 20, rows: 4, scrollback: 10, resetModesAtCommandEnd: true });
    emulators.push(emulator);
    const replies: string[] = [];
    emulator.onReply((data) => replies.push(data));
    const parse = (text: string) => new Promise<void>((resolve) => emulator.write(text, resolve));
    return { emulator, replies, parse };
  }

  it('answers the query with the flags in force, reporting only what tessera applies', async () => {
    const { emulator, replies, parse } = make();
    await parse('\x1b[?u');
    expect(replies).toEqual(['\x1b[?0u']);
    await parse('\x1b[>31u\x1b[?u'); // asks for everything: flag 1 is what it gets
    expect(replies.at(-1)).toBe('\x1b[?1u');
    expect(emulator.keyboardFlags).toBe(1);
  });

  it('pushes, pops and sets on a stack, one per screen', async () => {
    const { emulator, parse } = make();
    await parse('\x1b[>1u\x1b[>0u');
    expect(emulator.keyboardFlags).toBe(0);
    await parse('\x1b[<u');
    expect(emulator.keyboardFlags).toBe(1);
    await parse('\x1b[?1049h');
    expect(emulator.keyboardFlags).toBe(0); // the alternate screen starts afresh
    await parse('\x1b[=1;1u');
    expect(emulator.keyboardFlags).toBe(1);
    await parse('\x1b[=1;3u');
    expect(emulator.keyboardFlags).toBe(0);
    await parse('\x1b[?1049l');
    expect(emulator.keyboardFlags).toBe(1); // the main screen's own
    await parse('\x1b[<5u');
    expect(emulator.keyboardFlags).toBe(0); // popping past the bottom leaves none
    for (let i = 0; i < 1000; i++) await parse('\x1b[>1u');
    expect(emulator.keyboardFlags).toBe(1);
    await parse('\x1bc');
    expect(emulator.keyboardFlags).toBe(0);
  });

  it('drops them with the other modes a finished command left on', async () => {
    const { emulator, parse } = make();
    await parse('\x1b[>1u\x1b[>1u\x1b]133;D;0\x07');
    expect(emulator.keyboardFlags).toBe(0);
    await parse('\x1b[>1u');
    await parse(MODES_LEFT_ON_RESET);
    expect(emulator.keyboardFlags).toBe(0);
  });
});
