// What reaches those who read a pane's strings, through a real emulator and its clamp (issue 27): a
// 10 MB title arrives cut, an oversized clipboard write is refused by name, an oversized working
// directory is never taken, and a long notification is cut before it is read.

import { afterEach, describe, expect, it } from 'vitest';
import { MAX_NOTIFICATION_CHARS, MAX_TITLE_BYTES } from '../../../src/limits.js';
import { watchNotifications, type AgentNotification } from '../../../src/server/agent/notificationSignals.js';
import { trackShellOsc } from '../../../src/shell/oscTracker.js';
import { OVERSIZED_CLIPBOARD_WRITE, watchClipboardWrites, type ClipboardWrite } from '../../../src/term/clipboardWrites.js';
import { Emulator } from '../../../src/term/emulator.js';

const emulators: Emulator[] = [];
function emulator(): Emulator {
  const e = new Emulator({ cols: 80, rows: 24, scrollback: 100 });
  emulators.push(e);
  return e;
}
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

/** Writes `data` in pieces as a PTY would deliver them, and waits until all is parsed. */
async function parsed(e: Emulator, data: string): Promise<void> {
  const bytes = Buffer.from(data, 'utf8');
  const done: Promise<void>[] = [];
  for (let i = 0; i < bytes.length; i += 64 << 10) done.push(new Promise((resolve) => e.write(bytes.subarray(i, i + (64 << 10)), resolve)));
  await Promise.all(done);
}

describe('strings from a pane reach their readers bounded', () => {
  it('a 10 MB title is seen cut to MAX_TITLE_BYTES', async () => {
    const e = emulator();
    const titles: string[] = [];
    e.onTitle((title) => titles.push(title));
    await parsed(e, `\x1b]2;${'T'.repeat(10_000_000)}\x07\x1b]2;short\x07`);
    expect(titles.map((t) => t.length)).toEqual([MAX_TITLE_BYTES, 5]);
  });

  it('a clipboard write too long to hold is refused with a message, and one that fits still passes', async () => {
    const e = emulator();
    const writes: ClipboardWrite[] = [];
    watchClipboardWrites(e, (write) => writes.push(write));
    await parsed(e, `\x1b]52;c;${'QUFB'.repeat(2_000_000)}\x07\x1b]52;c;aGk=\x07`);
    expect(writes).toEqual([OVERSIZED_CLIPBOARD_WRITE, { ok: true, selection: 'c', base64: 'aGk=' }]);
  });

  it('a 4 MB working directory (OSC 7) is never taken, a real one is', async () => {
    const e = emulator();
    const shell = trackShellOsc(e.terminal);
    await parsed(e, `\x1b]7;file://host/${'a'.repeat(4 << 20)}\x07`);
    expect(shell.state.cwd).toBeUndefined();
    await parsed(e, `\x1b]7;file://host/${'b'.repeat(5000)}\x07`); // under the clamp's limit, over PATH_MAX
    expect(shell.state.cwd).toBeUndefined();
    await parsed(e, '\x1b]7;file://host/srv/x\x07');
    expect(shell.state.cwd).toBe('/srv/x');
    shell.dispose();
  });

  it('a 1 MB notification is read cut', async () => {
    const e = emulator();
    const seen: AgentNotification[] = [];
    watchNotifications(e.terminal, (n) => seen.push(n));
    await parsed(e, `\x1b]9;${'n'.repeat(1 << 20)}\x07\x1b]777;notify;T;${'m'.repeat(1 << 20)}\x07`);
    expect(seen.map((n) => [n.osc, n.text.length])).toEqual([
      [9, MAX_NOTIFICATION_CHARS],
      [777, MAX_NOTIFICATION_CHARS],
    ]);
  });
});
