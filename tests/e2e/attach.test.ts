// The whole program as a user meets it: start, type, split, zoom, resize, detach, reattach, crash.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c'; // Ctrl+\

let sandbox: TesseraSandbox;
const terminals: OuterTerminal[] = [];

/** Plain `tessera` adopts the folder it runs in: the workspace is named after the sandbox's folder. */
function folderWorkspace(): string {
  return path.basename(fs.realpathSync(sandbox.root));
}

function open(args: string[] = [], size = { cols: 100, rows: 30 }): OuterTerminal {
  const t = new OuterTerminal(['-L', sandbox.socketName, ...args], { env: sandbox.env, cwd: sandbox.root, ...size });
  terminals.push(t);
  return t;
}

beforeEach(() => {
  // With the server's warm-up (the sandbox turns it off elsewhere): a detached server draws its spare chrome, and a reattach takes it.
  sandbox = new TesseraSandbox({ TESSERA_WARM_UP: '1' });
});

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

describe('attached client', () => {
  it('starts the server, shows a shell and the status bar, and echoes typing', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    await t.waitFor(() => t.lines()[29].includes(folderWorkspace()));
    t.write('echo hello-$((6*7))\r');
    await t.waitFor('hello-42');
    const [pane] = await sandbox.listPanes();
    expect(pane.status).toBe('idle');
    expect(pane.rect).toEqual({ x: 0, y: 1, width: 100, height: 27 }); // 30 rows: header, panes, workspace strip, status bar
  });

  // That they are letters again after the repeat time is tested in process, on a played clock (tests/inprocess/keyRouting.test.ts).
  it('repeats resize keys pressed again soon after one prefix', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}%`);
    const [left] = await eventually(() => sandbox.listPanes(), (p) => p.length === 2 && p[1].focused);
    t.write(`${PREFIX}h`);
    await eventually(() => sandbox.listPanes(), (p) => p[0].focused);
    t.write(`${PREFIX}LLL`); // one prefix, three resize keys: the border moves three steps of 2
    await eventually(() => sandbox.listPanes(), (p) => p[0].rect?.width === left.rect!.width + 6);
  });

  it('splits right and down, types into each pane, and zooms', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}%`);
    await eventually(() => sandbox.listPanes(), (p) => p.length === 2);
    t.write(`${PREFIX}-`);
    const panes = await eventually(() => sandbox.listPanes(), (p) => p.length === 3 && p.every((x) => x.rect !== null));
    const [left, topRight, bottomRight] = panes;
    expect(left.rect?.x).toBe(0);
    expect(topRight.rect?.x).toBeGreaterThan(left.rect!.width);
    expect(bottomRight.rect?.y).toBeGreaterThan(topRight.rect!.y + topRight.rect!.height - 1);
    expect(bottomRight.focused).toBe(true);
    t.write('echo in-bottom-right\r');
    await t.waitFor('in-bottom-right');
    // The text appears inside the focused pane's rectangle on the outer screen.
    await eventually(() => t.lines().slice(bottomRight.rect!.y, bottomRight.rect!.y + bottomRight.rect!.height).join('\n'), (s) => s.includes('in-bottom-right'));
    t.write(`${PREFIX}h`);
    t.write('echo in-left\r');
    await eventually(() => t.lines().map((l) => l.slice(0, left.rect!.width)).join('\n'), (s) => s.includes('in-left'));
    t.write(`${PREFIX}z`);
    const zoomed = await eventually(() => sandbox.listPanes(), (p) => p[0].rect?.width === 100);
    expect(zoomed[1].rect).toBeNull();
    await t.waitFor('[zoomed]');
    t.write(`${PREFIX}z`);
    await eventually(() => sandbox.listPanes(), (p) => p.every((x) => x.rect !== null));
  });

  it('follows the outer terminal when it is resized', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.resize(80, 24);
    const [pane] = await eventually(() => sandbox.listPanes(), (p) => p[0].cols === 80 && p[0].rows === 21);
    expect(pane.rect).toEqual({ x: 0, y: 1, width: 80, height: 21 });
    await t.waitFor(() => t.lines()[23].includes(folderWorkspace()));
  });

  it('detaches with the prefix and d, and reattaches to the same screen', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.write('echo before-detach\r');
    await t.waitFor(/^before-detach/m);
    t.write(`${PREFIX}d`);
    expect(await t.exited).toBe(0);
    await t.waitFor(`detached from workspace ${folderWorkspace()}`);
    const again = open(['attach']);
    await again.waitFor(/^before-detach/m);
    await again.waitFor(() => again.lines()[29].includes(folderWorkspace()));
  });

  it('keeps everything running when the client is killed, and repaints on reattach', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.write('for i in 1 2 3; do echo tick-$i; done\r');
    await t.waitFor('tick-3');
    const [before] = await sandbox.listPanes();
    t.kill('SIGKILL');
    await t.exited;
    const [after] = await sandbox.listPanes();
    expect(after.pid).toBe(before.pid);
    await sandbox.cliOk(['send-keys', '-t', String(after.id), 'echo while-away', 'Enter']);
    const again = open(['attach']);
    await again.waitFor('while-away');
    await again.waitFor('tick-3');
  });

  it('keeps everything running when the terminal hangs up (SIGHUP), like a dropped SSH link', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    const [before] = await sandbox.listPanes();
    t.kill('SIGHUP');
    await t.exited;
    const [after] = await sandbox.listPanes();
    expect(after.pid).toBe(before.pid);
    const again = open(['attach']);
    await again.waitFor(PROMPT_PATTERN);
  });

  it('opens the add-pane dialog with the prefix and a, and starts the chosen shell', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    t.write(`${PREFIX}a`);
    await t.waitFor('Add a pane');
    await t.waitFor('Codex'); // every agent has a row, installed or not
    t.write('termi');
    await t.waitFor(/Search\s+termi/);
    t.write('\r');
    await eventually(() => sandbox.listPanes(), (p) => p.length === 2);
    await t.waitFor(() => !t.text().includes('Add a pane'));
    t.write(`${PREFIX}a`);
    await t.waitFor('Add a pane');
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('Add a pane'));
    expect(await sandbox.listPanes()).toHaveLength(2);
  });

  it('shows live updates to two clients at once', async () => {
    const a = open();
    await a.waitFor(PROMPT_PATTERN);
    const b = open(['attach']);
    await b.waitFor(PROMPT_PATTERN);
    a.write('echo shared-$((1+1))\r');
    await a.waitFor('shared-2');
    await b.waitFor('shared-2');
  });

  it('restores the terminal and says why when the server dies', async () => {
    const t = open();
    await t.waitFor(PROMPT_PATTERN);
    await sandbox.cliOk(['kill-server']);
    await t.exited;
    await t.waitFor('server was stopped');
    expect(t.output).toContain('\x1b[?1049l');
  });
});
