// Modes a finished command left on are turned off exactly where the shell marks its end (OSC 133;D),
// however the output is cut into chunks; and when the pane's program exits.

import { afterEach, describe, expect, it } from 'vitest';
import { Emulator } from '../../../src/term/emulator.js';
import { CommandEndResets, MODES_LEFT_ON_RESET } from '../../../src/term/modesLeftOn.js';

const R = MODES_LEFT_ON_RESET;
/** The filter reads and writes bytes (whole UTF-8 characters): text in, text out. */
const feed = (f: CommandEndResets, text: string): string => f.feed(Buffer.from(text, 'utf8')).toString('utf8');
const LEFT_ON = '\x1b[?1000h\x1b[?1006h\x1b[?1004h\x1b[?2004h\x1b[?1h';

describe('CommandEndResets', () => {
  it('inserts the reset right after each command-ended mark, whatever its terminator', () => {
    const f = new CommandEndResets();
    expect(feed(f, 'a\x1b]133;D;0\x07b')).toBe(`a\x1b]133;D;0\x07${R}b`);
    expect(feed(f, '\x1b]133;D\x1b\\c')).toBe(`\x1b]133;D${R}\x1b\\c`);
    expect(feed(f, '\x9d133;D;1;aid=7\x9cd')).toBe(`\x9d133;D;1;aid=7\x9c${R}d`);
    expect(feed(f, '\x1b]133;D;2\x07\x1b]133;A\x07')).toBe(`\x1b]133;D;2\x07${R}\x1b]133;A\x07`);
  });

  it('leaves other marks, other OSCs and ordinary output alone', () => {
    const f = new CommandEndResets();
    for (const text of ['plain', '\x1b]133;A\x07\x1b]133;B\x07\x1b]133;C\x07', '\x1b]1330;D\x07', '\x1b]7;file:///tmp\x07', '\x1b[31mred\x1b[0m', '\x1b]133;D\x18x']) {
      expect(feed(f, text)).toBe(text);
    }
  });

  it('finds a mark cut at any point between chunks', () => {
    const text = `out\x1b]133;D;0\x07${'\x1b[?2004h'}tsh$ `;
    for (let cut = 0; cut <= text.length; cut++) {
      for (const cut2 of [cut, Math.min(text.length, cut + 3)]) {
        const f = new CommandEndResets();
        const joined = feed(f, text.slice(0, cut)) + feed(f, text.slice(cut, cut2)) + feed(f, text.slice(cut2));
        expect(joined).toBe(`out\x1b]133;D;0\x07${R}\x1b[?2004htsh$ `);
      }
    }
  });

  it('puts the reset before an ESC that ends the mark, so the ESC still starts its sequence', () => {
    const f = new CommandEndResets();
    expect(feed(f, '\x1b]133;D;0')).toBe('\x1b]133;D;0');
    expect(feed(f, '\x1b[?2004h')).toBe(`${R}\x1b[?2004h`);
  });
});

describe('the emulator with modes left on', () => {
  const emulators: Emulator[] = [];
  afterEach(() => {
    for (const e of emulators.splice(0)) e.dispose();
  });
  const parse = (emulator: Emulator, text: string) => new Promise<void>((resolve) => emulator.write(text, resolve));
  const make = (resetModesAtCommandEnd = true) => {
    const emulator = new Emulator({ cols: 20, rows: 4, scrollback: 10, resetModesAtCommandEnd });
    emulators.push(emulator);
    return emulator;
  };

  it('turns them off at the mark, before what the shell writes next (in the same chunk)', async () => {
    const emulator = make();
    await parse(emulator, `${LEFT_ON}\x1b]133;D;0\x07\x1b[?2004htsh$ `);
    const modes = emulator.terminal.modes;
    expect(modes.mouseTrackingMode).toBe('none');
    expect(modes.sendFocusMode).toBe(false);
    expect(modes.applicationCursorKeysMode).toBe(false);
    expect(emulator.mouseTracking.encoding).toBe('default');
    // The shell's own bracketed paste, turned on after the mark, stays on.
    expect(modes.bracketedPasteMode).toBe(true);
  });

  it('keeps them at a mark from a program that is not a shell (an agent marking its own turns)', async () => {
    const emulator = make(false);
    await parse(emulator, `${LEFT_ON}\x1b]133;D;0\x07`);
    expect(emulator.terminal.modes.mouseTrackingMode).toBe('vt200');
    expect(emulator.terminal.modes.bracketedPasteMode).toBe(true);
  });

  it('keeps them while the command runs, and turns them off when the program exits', async () => {
    const emulator = make();
    await parse(emulator, LEFT_ON);
    expect(emulator.terminal.modes.mouseTrackingMode).toBe('vt200');
    expect(emulator.terminal.modes.bracketedPasteMode).toBe(true);
    await new Promise<void>((resolve) => emulator.programEnded(resolve));
    expect(emulator.terminal.modes.mouseTrackingMode).toBe('none');
    expect(emulator.terminal.modes.bracketedPasteMode).toBe(false);
    expect(emulator.terminal.modes.applicationCursorKeysMode).toBe(false);
  });
});
