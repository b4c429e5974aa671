// The diff viewer (prefix G) and the sleep key (prefix C-z) through the real binary: the workspace's
// diff with an untracked file's lines, coloured, read again with r and when the key is pressed again
// (focusing the open viewer, never a second one); a clear line outside git; an agent put to sleep
// by its key and woken with Enter.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoWithRemote } from '../helpers/gitRepo.js';
import { TesseraSandbox, eventually, type OuterTerminal } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** The row showing `text`, or -1. */
const rowOf = (t: OuterTerminal, text: string): number => t.lines().findIndex((l) => l.includes(text));

describe('the diff viewer', () => {
  it("shows the workspace's diff with an untracked file's lines in colour, and reads it again on r and on the key", async () => {
    const { repo } = repoWithRemote(sandbox.root);
    await sandbox.cliOk(['new', '-d', '-s', 'feat', '--worktree'], { cwd: repo });
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'feat');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'alpha-line\nbeta-line\n');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\nTWO\nthree\n');
    const t = sandbox.open(['attach', '-t', 'feat'], { cols: 120, rows: 40 });
    await t.waitFor(/tsh\$/);

    t.write(`${PREFIX}G`);
    await t.waitFor('+alpha-line');
    await t.waitFor('+beta-line');
    await t.waitFor('+++ b/notes.txt');
    await t.waitFor('-two');
    const panes = await eventually(() => sandbox.listPanes(), (p) => p.length === 2);
    const viewer = panes[1];
    // Added lines green, removed red, hunk headers cyan (palette colours 2, 1, 6).
    const colorAt = (text: string) => {
      const y = rowOf(t, text);
      const x = (t.lines()[y] ?? '').indexOf(text);
      const cell = t.cell(x, y);
      return cell?.isFgPalette() ? cell.getFgColor() : -1;
    };
    expect(colorAt('+alpha-line')).toBe(2);
    expect(colorAt('-two')).toBe(1);
    expect(colorAt('@@ -0,0 +1,2 @@')).toBe(6);

    // r reads it again (the viewer is focused).
    fs.writeFileSync(path.join(dir, 'later.txt'), 'gamma-line\n');
    t.write('r');
    await t.waitFor('+gamma-line');

    // The key again, from the shell pane: the open viewer is focused and reads the diff again; no second viewer.
    t.write(`${PREFIX}o`);
    await eventually(() => sandbox.listPanes(), (p) => p.find((x) => x.focused)?.id !== viewer.id);
    fs.writeFileSync(path.join(dir, 'last.txt'), 'delta-line\n');
    t.write(`${PREFIX}G`);
    await t.waitFor('+delta-line');
    const after = await eventually(() => sandbox.listPanes(), (p) => p.find((x) => x.focused)?.id === viewer.id);
    expect(after).toHaveLength(2);
    // Searchable like the file viewer; q closes it.
    t.write('/gamma\r');
    await t.waitFor("[1/1 'gamma']");
    t.write('q');
    await eventually(() => sandbox.listPanes(), (p) => p.length === 1);
  });

  it('says so when the workspace is not in a git repository', async () => {
    const dir = path.join(sandbox.root, 'plain');
    fs.mkdirSync(dir);
    await sandbox.cliOk(['new', '-d', '-s', 'plain', '-c', dir]);
    const t = sandbox.open(['attach', '-t', 'plain'], { cols: 160, rows: 30 });
    await t.waitFor(/tsh\$/);
    t.write(`${PREFIX}G`);
    await t.waitFor('is not in a git repository: there is no diff to show');
    expect(await sandbox.listPanes()).toHaveLength(1);
  });
});

const FAKE_AGENT = `#!/bin/sh
while true; do
  printf 'napper> '
  IFS= read -r line || exit 0
  echo "heard: $line"
done
`;

describe('the sleep key', () => {
  it('puts the focused agent to sleep and Enter wakes it; a shell pane is refused', async () => {
    const bin = path.join(sandbox.root, 'napper');
    fs.writeFileSync(bin, FAKE_AGENT, { mode: 0o755 });
    sandbox.writeSettings({ customAgents: [{ name: 'napper', command: bin, detection: { idle: ['^napper>\\s*$'] }, approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' } }] });
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const t = sandbox.open(['attach', '-t', 'w'], { cols: 140, rows: 30 });
    await t.waitFor(/tsh\$/);
    t.write(`${PREFIX}\x1a`);
    await t.waitFor('runs no agent: only agent panes sleep');

    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'napper'])).trim());
    await t.waitFor('napper>');
    await eventually(() => sandbox.listPanes(), (p) => p.find((x) => x.focused)?.id === id);
    t.write(`${PREFIX}\x1a`);
    await t.waitFor(`pane ${id} is asleep: Enter in it`);
    const asleep = await eventually(() => sandbox.listPanes(), (p) => p.find((x) => x.id === id)?.status === 'asleep');
    expect(asleep.find((x) => x.id === id)?.pid).toBeNull();
    await t.waitFor('napper is asleep: Enter');

    t.write('\r');
    const awake = await eventually(() => sandbox.listPanes(), (p) => {
      const pane = p.find((x) => x.id === id);
      return pane !== undefined && pane.status !== 'asleep' && pane.pid !== null;
    });
    expect(awake).toHaveLength(2);
    t.write('hello\r');
    await t.waitFor('heard: hello');
  });
});
