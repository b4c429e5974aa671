// A `tessera` command typed inside a pane talks to that pane's own server (from $TESSERA, without -L)
// and, without -t, acts on that pane and its workspace.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROMPT_PATTERN, TESSERA_BIN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** A pane's screen, polled on the socket (the commands this file runs inside panes are the real binary). */
const capture = (pane: number) => sandbox.capturePane(String(pane));

/** Types a tessera command line (without -L) into a pane's shell and waits for its marker line. */
async function typeInPane(pane: number, args: string, marker: string): Promise<string> {
  await sandbox.cliOk(['send-keys', '-t', String(pane), `node ${TESSERA_BIN} ${args}; echo ${marker}-$?`, 'Enter']);
  const screen = await eventually(() => capture(pane), (s) => new RegExp(`^${marker}-\\d+`, 'm').test(s));
  return screen;
}

describe('tessera inside a pane of a -L server', () => {
  it('splits the pane it is typed in, adds panes to its workspace, and honours an explicit -L', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const [first] = await sandbox.listPanes();
    await eventually(() => capture(first.id), (s) => PROMPT_PATTERN.test(s));
    const other = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--right'])).trim());
    await sandbox.cliOk(['new', '-d', '-s', 'elsewhere']); // now the most recent workspace: a default target would go there
    expect((await sandbox.listPanes()).find((p) => p.id === other)?.focused).toBe(true);

    let screen = await typeInPane(first.id, 'split --down -d -- sleep 600', 'split');
    expect(screen).toMatch(/^split-0/m);
    let panes = await sandbox.listPanes();
    const below = panes.find((p) => p.command === 'sleep 600');
    expect(below).toMatchObject({ workspace: 'w' });
    const firstNow = panes.find((p) => p.id === first.id)!;
    expect(below!.rect!.x).toBe(firstNow.rect!.x); // below the pane it was typed in, not beside the focused one
    expect(below!.rect!.y).toBeGreaterThan(firstNow.rect!.y);

    screen = await typeInPane(first.id, 'new-pane -d --down -- sleep 700', 'newpane');
    expect(screen).toMatch(/^newpane-0/m);
    panes = await sandbox.listPanes();
    expect(panes.find((p) => p.command === 'sleep 700')).toMatchObject({ workspace: 'w' });

    screen = await typeInPane(first.id, 'capture-pane | grep -c split-0', 'capture');
    expect(screen).toMatch(/^1\ncapture-0/m);

    screen = await typeInPane(first.id, '-L nosuch server-info', 'explicit');
    expect(screen).toMatch(/no server running \(-L nosuch\)/);
    expect(screen).toMatch(/^explicit-1/m);
  });
});
