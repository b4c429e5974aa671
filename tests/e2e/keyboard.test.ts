// The kitty keyboard protocol for a program in a pane, through the real binary: its query is answered
// with what tessera applies, the keys it then gets are in CSI u form, and a program that ends leaves
// the next one with legacy keys.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAttachedClient } from '../helpers/attached.js';

const attached = useAttachedClient();

/** A program that sets `setup`, then prints every input it reads as JSON; q ends it. */
const ECHO_KEYS =
  "process.stdin.setRawMode(true); process.stdout.write(process.argv[2] + 'READY\\n'); " +
  "process.stdin.on('data', (d) => { if (String(d) === 'q') process.exit(0); process.stdout.write(JSON.stringify(String(d)) + '\\n'); });";

describe('kitty keyboard protocol in a pane', () => {
  it('answers the query, sends Esc and Ctrl keys as CSI u to a program that pushed flag 1, and resets when it ends', async () => {
    const { t, s } = await attached();
    const script = path.join(s.root, 'keys.js');
    fs.writeFileSync(script, ECHO_KEYS);
    // Pushes everything (31) and asks: flag 1 is what tessera applies, and what it says.
    t.write(`node ${script} $'\\e[>31u\\e[?u'\r`);
    await t.waitFor(/^READY\s*$/m);
    await t.waitFor('"\\u001b[?1u"');
    t.write('\x1b');
    await t.waitFor('"\\u001b[27u"');
    t.write('\x01');
    await t.waitFor('"\\u001b[97;5u"');
    t.write('x');
    await t.waitFor(/^"x"$/m);
    t.write('q');
    await t.waitFor(/^tsh\$\s*$/m);
    // The next program starts with no flags (the finished one never popped its own).
    t.write(`clear; node ${script} $'\\e[?u'\r`);
    await t.waitFor('"\\u001b[?0u"');
    t.write('\x01');
    await t.waitFor('"\\u0001"');
    t.write('q');
  });

  it("turns the protocol on in a terminal that answers the query, and gives each pane its keys in the form it asked for", async () => {
    const { t, s } = await attached();
    await t.waitFor(() => t.output.includes('\x1b[?u'));
    expect(t.output).not.toContain('\x1b[>1u');
    t.write('\x1b[?0u'); // the answer a kitty-protocol terminal gives
    await t.waitFor(() => t.output.includes('\x1b[>1u'));
    const script = path.join(s.root, 'keys.js');
    fs.writeFileSync(script, ECHO_KEYS);
    // A program that asked for the protocol gets Shift+Enter as the terminal reported it.
    t.write(`node ${script} $'\\e[>1u'\r`);
    await t.waitFor(/^READY\s*$/m);
    t.write('\x1b[13;2u');
    await t.waitFor('"\\u001b[13;2u"');
    t.write('\x1b[105;5u'); // Ctrl+I, apart from Tab
    await t.waitFor('"\\u001b[105;5u"');
    t.write('q');
    await t.waitFor(/^tsh\$\s*$/m);
    // One that did not ask gets the classic bytes: Esc as ESC, Ctrl+A as 0x01, F1 as ESC O P.
    t.write(`clear; node ${script} ''\r`);
    await t.waitFor(/^READY\s*$/m);
    t.write('\x1b[27u');
    await t.waitFor('"\\u001b"');
    t.write('\x1b[97;5u');
    await t.waitFor('"\\u0001"');
    t.write('\x1b[P');
    await t.waitFor('"\\u001bOP"');
    t.write('q');
  });

  it('leaves the terminal keyboard alone with kittyKeyboard off', async () => {
    const { t } = await attached({ kittyKeyboard: false });
    t.write('echo attached-$((6*7))\r');
    await t.waitFor(/^attached-42$/m);
    expect(t.output).not.toContain('\x1b[?u');
  });
});
