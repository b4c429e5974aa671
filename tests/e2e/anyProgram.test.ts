// What the user types runs, as in tmux: any program by name or path, as a pane's command or as its shell.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** A pane's screen, polled on the socket (capture-pane's own output is checked in capturePane.test.ts). */
const capture = (pane: number) => sandbox.capturePane(String(pane));

describe('any program', () => {
  it('runs programs that are neither agents nor shells, by name and by path, in new, split and new-pane', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', 'sleep', '600']);
    const [first] = await sandbox.listPanes();
    expect(first).toMatchObject({ command: 'sleep 600', status: 'running' });

    const script = path.join(sandbox.root, 'hello.sh');
    fs.writeFileSync(script, '#!/bin/sh\necho "hello from a script $1"\nexec sleep 600\n', { mode: 0o755 });
    const right = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--right', '-d', '--', script, 'there'])).trim());
    await eventually(() => capture(right), (s) => s.includes('hello from a script there'));

    const below = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--down', '-d', '--', 'vim', '-u', 'NONE', '-N'])).trim());
    await eventually(() => capture(below), (s) => /^~/m.test(s));

    await sandbox.cliOk(['new-pane', '-t', 'w', '--', 'printf', 'printed-%s\\n', 'ok']);
    const panes = await sandbox.listPanes();
    const printed = panes.find((p) => p.command.startsWith('printf'));
    expect(printed).toBeDefined();
    await eventually(() => capture(printed!.id), (s) => s.includes('printed-ok'));
  });

  it('uses any program the user names as the shell', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--shell', 'dash']);
    const [first] = await sandbox.listPanes();
    expect(first.command).toBe('dash');
    const bad = await sandbox.cli(['new', '-d', '-s', 'x', '--shell', 'no-such-shell-xyz']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/The workspace's shell \('no-such-shell-xyz'\) cannot be used: no-such-shell-xyz was not found in PATH/);
  });

  it('names the program running in a shell pane\'s foreground in its title, until it ends', async () => {
    const file = path.join(sandbox.root, 'notes.txt');
    fs.writeFileSync(file, 'some notes\n');
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const [pane] = await sandbox.listPanes();
    await eventually(() => sandbox.listPanes(), (p) => p[0].status === 'idle');
    await sandbox.cliOk(['send-keys', '-t', String(pane.id), `less ${file}`, 'Enter']);
    await eventually(() => sandbox.listPanes(), (p) => p[0].title.startsWith('less · bash'));
    await sandbox.cliOk(['send-keys', '-t', String(pane.id), 'q']);
    await eventually(() => sandbox.listPanes(), (p) => p[0].status === 'idle' && !p[0].title.includes('less'));
  });
});
