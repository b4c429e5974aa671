// Scroll mode bound to a real emulator: the view stays on the same text while output arrives, also
// when a full history drops its oldest lines, and it follows a new pane size.

import { afterEach, describe, expect, it } from 'vitest';
import { Emulator } from '../../../src/term/emulator.js';
import { PaneScroll } from '../../../src/server/session/paneScroll.js';

const emulators: Emulator[] = [];
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

async function emulatorWith(lines: number, scrollback: number): Promise<Emulator> {
  const emulator = new Emulator({ cols: 20, rows: 5, scrollback });
  emulators.push(emulator);
  await write(emulator, lines, 0);
  return emulator;
}

function write(emulator: Emulator, count: number, from: number): Promise<void> {
  let text = '';
  for (let i = from; i < from + count; i++) text += `line ${i}\r\n`;
  return new Promise((resolve) => emulator.write(text, resolve));
}

const topText = (scroll: PaneScroll) => scroll.view.buffer.text(scroll.sync().top).trimEnd();

describe('PaneScroll', () => {
  it('holds the view still while new lines arrive', async () => {
    const emulator = await emulatorWith(40, 100);
    const scroll = new PaneScroll(emulator, false);
    scroll.sync().page(-1);
    const before = topText(scroll);
    const offset = scroll.view.offset;
    await write(emulator, 10, 40);
    expect(topText(scroll)).toBe(before);
    expect(scroll.view.offset).toBe(offset + 10);
    scroll.dispose();
  });

  it('keeps the same text on top when a full history drops its oldest lines', async () => {
    const emulator = await emulatorWith(60, 30);
    const scroll = new PaneScroll(emulator, false);
    scroll.sync().scroll(-10);
    const before = topText(scroll);
    await write(emulator, 5, 60);
    expect(topText(scroll)).toBe(before);
    scroll.dispose();
  });

  it('follows a new pane height, keeping its distance from the live screen', async () => {
    const emulator = await emulatorWith(40, 100);
    const scroll = new PaneScroll(emulator, false);
    scroll.sync().scroll(-7);
    emulator.resize(20, 8);
    expect(scroll.sync().height).toBe(8);
    expect(scroll.view.offset).toBe(7);
    scroll.dispose();
  });
});
