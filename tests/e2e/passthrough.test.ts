// What programs send for the user's own terminal reaches it: hyperlinks, the bell, clipboard writes,
// the window title and focus events; checked on the outer terminal's side.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { xtermLinkId, xtermLinkTarget } from '../../src/term/xtermCell.js';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** The hyperlink target on the outer screen at (x, y), '' for none. */
function linkAt(t: OuterTerminal, x: number, y: number): string {
  const cell = t.cell(x, y);
  const id = cell ? xtermLinkId(cell) : 0;
  return id === 0 ? '' : (xtermLinkTarget(t.term, id)?.uri ?? '?');
}

/** Counts of what reached the outer terminal, read off its raw output (bells, OSC 52 writes, titles). */
function received(t: OuterTerminal) {
  const out = t.output;
  return {
    bells: (out.replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '').match(/\x07/g) ?? []).length,
    clipboard: [...out.matchAll(/\x1b\]52;([^;]*);([^\x07\x1b]*)\x07/g)].map((m) => ({ selection: m[1], text: Buffer.from(m[2], 'base64').toString() })),
    titles: [...out.matchAll(/\x1b\]2;([^\x07\x1b]*)\x07/g)].map((m) => m[1]),
  };
}

/** Runs a command line in the focused pane's shell and waits for it to finish (its marker line). */
async function run(t: OuterTerminal, command: string, marker: string): Promise<void> {
  t.write(`${command}; echo ${marker}\r`);
  await t.waitFor(new RegExp(`^${marker}`, 'm'));
}

describe('passthrough to the outer terminal', () => {
  it('keeps OSC 8 hyperlinks on the cells they cover', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`printf 'go to \\033]8;;https://example.com/docs\\033\\\\the docs\\033]8;;\\033\\\\ now\\n'\r`);
    await t.waitFor(/^go to the docs now/m);
    const y = t.lines().findIndex((line) => line.startsWith('go to the docs now'));
    const links = [...'go to the docs now'].map((_, x) => linkAt(t, x, y));
    expect(links.slice(0, 6)).toEqual(Array(6).fill(''));
    expect(links.slice(6, 14)).toEqual(Array(8).fill('https://example.com/docs'));
    expect(links.slice(14)).toEqual(Array(4).fill(''));
    // The prompt drawn after it is not part of the link.
    expect(linkAt(t, 0, y + 1)).toBe('');
  });

  it('rings the bell, rate-limits a flood of bells, and marks a bell from a pane nobody can see', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    await run(t, "printf '\\a'", 'rang-once');
    await eventually(() => received(t).bells, (n) => n === 1);
    await run(t, "for i in $(seq 200); do printf '\\a'; done", 'rang-flood');
    const afterFlood = received(t).bells;
    expect(afterFlood).toBeGreaterThan(1);
    expect(afterFlood).toBeLessThanOrEqual(1 + 5); // the burst, and maybe one more: never 200
    // A bell from a pane hidden behind a zoomed one: its header says so once it shows again.
    const [first] = await sandbox.listPanes();
    // It rings once the test has zoomed the other pane (a file says so): a fixed delay raced the zoom under load.
    const zoomed = path.join(sandbox.root, 'zoomed');
    const script = `while [ ! -e '${zoomed}' ]; do sleep 0.1; done; printf '\\a'; exec sleep 600`;
    const hidden = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--right', '-d', '--', 'sh', '-c', script])).trim());
    await sandbox.cliOk(['zoom', '-t', String(first.id)]);
    fs.writeFileSync(zoomed, '');
    await eventually(() => received(t).bells, (n) => n > afterFlood);
    await sandbox.cliOk(['zoom', '-t', String(first.id)]);
    await t.waitFor(new RegExp(`${hidden} \\(bell\\)`));
    t.write('\x1c\x1b[C'); // prefix, Right: focus it, which clears the mark
    await t.waitFor(() => !t.text().includes('(bell)'));
  });

  it('passes OSC 52 clipboard writes on, refuses reads, floods and oversized writes with a message', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    await run(t, "printf '\\033]52;c;%s\\a' $(printf 'copied text' | base64)", 'copied');
    await eventually(() => received(t).clipboard, (c) => c.length === 1);
    expect(received(t).clipboard[0]).toEqual({ selection: 'c', text: 'copied text' });

    await run(t, "printf '\\033]52;c;?\\a'", 'asked');
    await t.waitFor('not allowed');
    await run(t, `printf '\\033]52;c;%s\\a' "$(head -c 1100000 /dev/zero | tr '\\0' 'A')"`, 'big');
    await t.waitFor(/clipboard write of more than \d+ KB \(the limit\) was refused/);
    await run(t, "for i in $(seq 50); do printf '\\033]52;c;eA==\\a'; done", 'flood');
    await t.waitFor('too many clipboard writes');
    const passed = received(t).clipboard.length;
    expect(passed).toBeGreaterThan(1);
    expect(passed).toBeLessThanOrEqual(1 + 6);
    t.write('echo still-typing\r');
    await t.waitFor(/^still-typing/m);
  });

  it('drops clipboard writes when the setting says deny', async () => {
    sandbox.writeSettings({ clipboard: 'deny' });
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    await run(t, "printf '\\033]52;c;%s\\a' $(printf 'secret' | base64)", 'denied');
    expect(received(t).clipboard).toEqual([]);
  });

  it('sets the window title to the focused pane\'s, saves the old one at attach and restores it on detach', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    expect(t.output.startsWith('\x1b[22;0t')).toBe(true);
    await run(t, "printf '\\033]2;my-editor-title\\a'", 'titled');
    await eventually(() => received(t).titles, (titles) => titles.includes('my-editor-title'));
    t.write('\x1cd');
    await t.exited;
    expect(t.output).toMatch(/\x1b\[23;0t[^]*$/);
  });

  it('sends focus in/out to the focused program that asked for them: from the terminal and when the focus moves', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    // Focus events typed once the shell has run the printf (the marker shows) wait in the PTY for cat.
    t.write("printf '\\033[?1004h'; echo focus-$((40+2))-on; cat -v\r");
    await t.waitFor('focus-42-on');
    t.write('\x1b[O'); // the user's terminal lost the focus
    await t.waitFor('^[[O');
    t.write('\x1b[I');
    await t.waitFor('^[[O^[[I');
    t.write('\x1c%'); // a new pane takes the focus
    await eventually(() => sandbox.listPanes(), (p) => p.length === 2);
    await t.waitFor('^[[O^[[I^[[O');
    t.write('\x1c\x1b[D'); // and back
    await t.waitFor('^[[O^[[I^[[O^[[I');
  });

  it('turns off mouse and focus reports a finished command left on', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    await run(t, "printf '\\033[?1000h\\033[?1006h\\033[?1004h'", 'left-on');
    // Ask the pane's terminal (DECRQM) which of them are on now: 2 means reset.
    const probe = path.join(sandbox.root, 'modes.js');
    fs.writeFileSync(
      probe,
      "process.stdin.setRawMode(true); let got = ''; process.stdin.on('data', (d) => (got += d));\n" +
        "process.stdout.write('\\x1b[?1000$p\\x1b[?1006$p\\x1b[?1004$p');\n" +
        "setTimeout(() => { console.log('modes:' + got.replace(/\\x1b/g, 'E')); process.exit(0); }, 800);\n",
    );
    t.write(`node ${probe}\r`);
    await t.waitFor(/^modes:/m);
    const line = t.lines().find((l) => l.startsWith('modes:')) ?? '';
    expect(line).toContain('E[?1000;2$y');
    expect(line).toContain('E[?1006;2$y');
    expect(line).toContain('E[?1004;2$y');
  });

  it('gives the next command plain keys, pastes and clicks after one left cursor keys, bracketed paste and the mouse on', async () => {
    // readline stays out of bracketed paste, so only tessera can turn it off.
    fs.writeFileSync(path.join(sandbox.env.HOME, '.inputrc'), 'set enable-bracketed-paste off\n');
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    await run(t, "printf '\\033[?2004h\\033[?1h\\033[?1000h\\033[?1006h\\033[?1004h'", 'left-on');
    // Up, as the user's terminal sends it, reaches the next program as ESC [ A (not DECCKM's ESC O A).
    t.write(`echo ready-key; read -rsn3 k; printf 'key=%q\\n' "$k"\r`);
    await t.waitFor(/^ready-key$/m);
    t.write('\x1b[A');
    await t.waitFor(/^key=\$'\\E\[A'$/m);
    // A paste arrives without the bracket markers the finished command asked for.
    t.write(`echo ready-paste; read -r l; printf 'line=%q\\n' "$l"\r`);
    await t.waitFor(/^ready-paste$/m);
    t.write('\x1b[200~pasted-words\x1b[201~\r');
    await t.waitFor(/^line=pasted-words$/m);
    // A click is tessera's again (it focuses the pane), not a mouse report typed into the prompt.
    t.write('\x1b[<0;10;4M\x1b[<0;10;4m');
    t.write('echo clean-$((40+2))\r');
    await t.waitFor(/^clean-42$/m);
    expect(t.lines().some((l) => /^tsh\$ echo clean-\$\(\(40\+2\)\)$/.test(l))).toBe(true);
    // The user's terminal keeps the modes tessera wants: its own mouse reports, bracketed paste, focus events.
    expect(t.term.modes.mouseTrackingMode).toBe('drag');
    expect(t.term.modes.bracketedPasteMode).toBe(true);
    expect(t.term.modes.sendFocusMode).toBe(true);
    expect(t.term.modes.applicationCursorKeysMode).toBe(false);
  });
});
