// What the attached screen shows and sends: idle silence, color adaptation, refusals, help, the
// configurable prefix, nesting, and typing that stays quick while another pane floods.

import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c'; // Ctrl+\
let sandbox: TesseraSandbox | undefined;
const terminals: OuterTerminal[] = [];

function start(options: { env?: Record<string, string>; config?: object; cols?: number; rows?: number } = {}): OuterTerminal {
  sandbox = new TesseraSandbox(options.env, options.config as Record<string, unknown> | undefined);
  const t = new OuterTerminal(['-L', sandbox.socketName], { env: sandbox.env, cwd: sandbox.root, cols: options.cols ?? 100, rows: options.rows ?? 30 });
  terminals.push(t);
  return t;
}

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox?.cleanup();
  sandbox = undefined;
});

function statusBar(t: OuterTerminal): string {
  return t.lines()[t.term.rows - 1];
}

describe('the attached screen', () => {
  it('writes nothing at all while nothing happens', async () => {
    const t = start();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}%`);
    await eventually(() => sandbox!.listPanes(), (p) => p.length === 2);
    await t.waitFor(() => (t.text().match(/tsh\$/g) ?? []).length === 2);
    // Let the last frame and the prompt's cursor settle, then listen.
    await new Promise((r) => setTimeout(r, 500));
    const before = t.bytesWritten;
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.bytesWritten - before).toBe(0);
  });

  it('sends true color to a terminal that supports it, and the nearest 256 colors otherwise', async () => {
    const t = start({ env: { COLORTERM: '' } });
    await t.waitFor(PROMPT_PATTERN);
    t.write("printf '\\033[38;2;255;100;0mORANGE\\033[0m\\n'\r");
    await t.waitFor(/^ORANGE/m);
    expect(t.output).not.toMatch(/\x1b\[[0-9;]*38;2;/);
    expect(t.output).toMatch(/38;5;202/);
    const cell = t.cell(0, t.lines().findIndex((l) => l.startsWith('ORANGE')));
    expect(cell?.isFgPalette()).toBe(true);
  });

  it('passes true color through when the terminal says it supports it', async () => {
    const t = start();
    await t.waitFor(PROMPT_PATTERN);
    t.write("printf '\\033[38;2;255;100;0mORANGE\\033[0m\\n'\r");
    await t.waitFor(/^ORANGE/m);
    const cell = t.cell(0, t.lines().findIndex((l) => l.startsWith('ORANGE')));
    expect(cell?.isFgRGB()).toBe(true);
    expect(cell?.getFgColor()).toBe(0xff6400);
  });

  it('refuses a split that would make a pane too small, in the status bar', async () => {
    const t = start({ cols: 40, rows: 12 });
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}%`);
    await eventually(() => sandbox!.listPanes(), (p) => p.length === 2);
    t.write(`${PREFIX}%`);
    await t.waitFor(() => /pane 2 is too small/.test(statusBar(t)));
    expect(await sandbox!.listPanes()).toHaveLength(2);
    t.write('x'); // any key clears the message
    await t.waitFor(() => !/too small/.test(statusBar(t)));
  });

  it('shows the help overlay and closes it on any key', async () => {
    const t = start();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}?`);
    await t.waitFor('split: new pane to the right');
    t.write('q');
    await t.waitFor(() => !t.text().includes('split: new pane to the right'));
    // The key that closed the overlay did not reach the shell.
    t.write('echo after-help\r');
    await t.waitFor(/^after-help/m);
  });

  it('scrolls the help overlay when it does not fit, and lays it out again when the terminal is resized', async () => {
    const t = start({ cols: 80, rows: 14 });
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}?`);
    await t.waitFor(/1–\d+ of \d+/);
    const total = Number(/1–\d+ of (\d+)/.exec(t.text())![1]);
    t.write('\x1b[F'); // End: the last bindings come into view
    await t.waitFor(new RegExp(`–${total} of ${total}`));
    t.resize(80, 60); // now everything fits: the overlay grows and the footer says any key closes it
    await t.waitFor('any key closes this');
    t.write('q');
    await t.waitFor(() => !t.text().includes('any key closes this'));
    t.write('echo after-help\r');
    await t.waitFor(/^after-help/m);
  });

  it('uses the prefix from the settings file, and sends the prefix itself when pressed twice', async () => {
    const t = start({ config: { prefix: 'C-b' } });
    await t.waitFor(PROMPT_PATTERN);
    await t.waitFor(() => statusBar(t).includes('C-b ? help'));
    t.write('\x02%');
    await eventually(() => sandbox!.listPanes(), (p) => p.length === 2);
    t.write('cat -v\r');
    await eventually(() => sandbox!.listPanes(), (p) => p[1].status === 'running');
    t.write('\x02\x02\r');
    await t.waitFor('^B');
  });

  it('tells the user about a broken settings file and keeps working with defaults', async () => {
    const t = start({ config: { prefix: 42 } });
    await t.waitFor(PROMPT_PATTERN);
    await t.waitFor(() => /settings not applied: config\.json:1:\d+: prefix must be/.test(statusBar(t)));
    t.write(`${PREFIX}%`);
    await eventually(() => sandbox!.listPanes(), (p) => p.length === 2);
  });

  it('keeps typing responsive and memory bounded while another pane floods', async () => {
    const t = start();
    await t.waitFor(PROMPT_PATTERN);
    t.write('yes flood-flood-flood\r');
    await t.waitFor('flood-flood-flood');
    t.write(`${PREFIX}%`);
    const panes = await eventually(() => sandbox!.listPanes(), (p) => p.length === 2 && p[1].status === 'idle');
    t.write('echo typed-while-flooding-$((2*21))\r');
    await t.waitFor('typed-while-flooding-42');
    const { pid } = JSON.parse(await sandbox!.cliOk(['server-info', '--json'])) as { pid: number };
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
    expect(rssMb).toBeLessThan(400);
    await sandbox!.cliOk(['send-keys', '-t', String(panes[0].id), 'C-c']);
  });

  it('asks before nesting inside one of its own panes', async () => {
    const t = start({ env: { TESSERA_PANE: '7' } });
    await t.waitFor('You are inside tessera pane 7');
    t.write('n\r');
    expect(await t.exited).toBe(1);
    // Nothing was started: no workspace was created, and no server was left running.
    expect(await sandbox!.cli(['server-info'])).toMatchObject({ stderr: expect.stringMatching(/no server running/) });
    expect(await sandbox!.cli(['ls'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/no workspaces/i) });
  });
});
