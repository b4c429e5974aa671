// A workspace created by an attaching client is sized to that client before its first program starts:
// the first size a program sees is its pane's real size, so less and vim start with the right screen.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

/** Prints the size the program first sees, then stays. */
const FIRST_SIZE = ['sh', '-c', 'echo "first size: $(stty size)"; exec sleep 600'];

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

describe('the first size a program sees', () => {
  it('is the attaching client\'s pane size for `tessera new -- CMD`', async () => {
    const t = sandbox.open(['new', '-s', 'w', '--', ...FIRST_SIZE], { cols: 117, rows: 37 });
    await t.waitFor(/first size: \d+ \d+/);
    const [pane] = await sandbox.listPanes();
    expect(pane).toMatchObject({ cols: 117, rows: 34 }); // 37 rows: header, panes, workspace strip, status bar
    expect(t.text()).toContain('first size: 34 117');
  });

  it('is the attaching client\'s pane size for a bare `tessera`', async () => {
    sandbox.writeSettings({ defaultShell: `sh -c 'echo "first size: $(stty size)"; exec sleep 600'` });
    const t = sandbox.open([], { cols: 91, rows: 33 });
    await t.waitFor(/first size: \d+ \d+/);
    expect(t.text()).toContain('first size: 30 91');
  });

  it('lets less show the file name on its first screen', async () => {
    const file = path.join(sandbox.root, 'notes.txt');
    fs.writeFileSync(file, Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n'));
    const t = sandbox.open(['new', '-s', 'w', '--', 'less', file], { cols: 90, rows: 25 });
    await t.waitFor('line 1');
    // less prints the file name on its prompt line, the pane's last row, only when it starts at the right size.
    await t.waitFor(() => t.lines()[22].includes('notes.txt'));
    expect(t.lines()[22]).not.toMatch(/^:\s*$/);
  });

  it('lets vim show its message line on its first screen', async () => {
    const file = path.join(sandbox.root, 'draft.txt');
    fs.writeFileSync(file, 'one\ntwo\n');
    const t = sandbox.open(['new', '-s', 'w', '--', 'vim', '-u', 'NONE', '-N', '-i', 'NONE', file], { cols: 90, rows: 25 });
    await t.waitFor(() => /"[^"]*draft\.txt" 2L, 8B/.test(t.lines()[22]));
  });

  it('still starts detached workspaces at 80×24', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', ...FIRST_SIZE]);
    const [pane] = await sandbox.listPanes();
    const screen = await eventually(() => sandbox.capturePane(String(pane.id)), (s) => /first size/.test(s));
    expect(screen).toContain('first size: 21 80');
  });
});
