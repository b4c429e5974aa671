// The workspace strip and switching between workspaces in one client: the strip lists every workspace with its
// number and state, prefix + digit and the switcher (prefix g) switch, and "needs you" / prefix w reach a pane
// waiting in a workspace that is not on screen.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually, type PaneJson } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
const COLS = 100;
const ROWS = 30;

/** Asks before each request, like a real agent. */
const FAKE_AGENT = `#!/bin/sh
while true; do
  printf 'fake> '
  IFS= read -r line || exit 0
  printf 'Run shell command? touch %s (Y)es/(N)o ' "$line"
  IFS= read -r answer || exit 0
  printf '\\033[2J\\033[H'
done
`;

let sandbox: TesseraSandbox;
let outer: OuterTerminal | undefined;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  const bin = path.join(sandbox.root, 'fake-agent');
  fs.writeFileSync(bin, FAKE_AGENT, { mode: 0o755 });
  sandbox.writeSettings({
    customAgents: [{ name: 'fakeagent', command: bin, detection: { approval: ['^Run shell command\\?'], idle: ['^fake>\\s*$'] }, approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' } }],
  });
});

afterEach(async () => {
  outer?.dispose();
  outer = undefined;
  await sandbox.cleanup();
});

const strip = (t: OuterTerminal): string => t.lines()[ROWS - 2];
const statusBar = (t: OuterTerminal): string => t.lines()[ROWS - 1];

it('lists every workspace with its number; prefix + digit and the switcher change the workspace shown', async () => {
  await sandbox.cliOk(['new', '-d', '-s', 'alpha']);
  await sandbox.cliOk(['new', '-d', '-s', 'beta']);
  await sandbox.cliOk(['new', '-d', '-s', 'gamma']);
  const t = (outer = new OuterTerminal(['-L', sandbox.socketName, 'attach', '-t', 'alpha'], { env: sandbox.env, cols: COLS, rows: ROWS }));
  await t.waitFor(() => /● 1 alpha .*● 2 beta .*● 3 gamma/.test(strip(t)));
  await t.waitFor(() => statusBar(t).startsWith(' alpha '));
  // The current workspace is highlighted in the strip.
  const at = strip(t).indexOf('1 alpha');
  expect(t.cell(at, ROWS - 2)?.isBgPalette() || t.cell(at, ROWS - 2)?.isBgRGB()).toBeTruthy();
  // Panes give the strip its row: 30 rows = 1 header + 27 pane rows + strip + status bar.
  const [pane] = (await sandbox.listPanes()).filter((p: PaneJson) => p.workspace === 'alpha');
  expect(pane.rows).toBe(ROWS - 3);

  t.write(`${PREFIX}2`);
  await t.waitFor(() => statusBar(t).startsWith(' beta '));
  await t.waitFor(PROMPT_PATTERN);

  t.write(`${PREFIX}g`);
  await t.waitFor(/Switch to a workspace/);
  await t.waitFor(/gamma/);
  t.write('gam');
  await t.waitFor(() => t.text().includes('gam'));
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' gamma '));
  expect(t.text()).not.toMatch(/Switch to a workspace/);

  t.write(`${PREFIX}7`);
  await t.waitFor(/no workspace 7/);
});

it('a pane waiting in another workspace counts in "need you", dots its workspace, and prefix w goes there', async () => {
  await sandbox.cliOk(['new', '-d', '-s', 'alpha']);
  await sandbox.cliOk(['new', '-d', '-s', 'beta']);
  await sandbox.cliOk(['new-pane', '-t', 'beta', '--agent', 'fakeagent']);
  const t = (outer = new OuterTerminal(['-L', sandbox.socketName, 'attach', '-t', 'alpha'], { env: sandbox.env, cols: COLS, rows: ROWS }));
  await t.waitFor(() => /1 alpha .*2 beta/.test(strip(t)));
  const agent = (await sandbox.listPanes()).find((p: PaneJson) => p.workspace === 'beta' && p.command.includes('fake-agent')) as PaneJson;
  await eventually(() => sandbox.listPanes(), (panes) => panes.some((p: PaneJson) => p.id === agent.id && p.status === 'idle'));
  await sandbox.cliOk(['send-keys', '-t', String(agent.id), 'build it', 'Enter']);
  await eventually(() => sandbox.listPanes(), (panes) => panes.some((p: PaneJson) => p.id === agent.id && p.status === 'approval'));

  await t.waitFor(() => / 1 needs you /.test(statusBar(t)));
  const dot = strip(t).indexOf('2 beta') - 2;
  await t.waitFor(() => t.cell(dot, ROWS - 2)?.getFgColor() === 5); // magenta: needs you
  t.write(`${PREFIX}w`);
  await t.waitFor(() => statusBar(t).startsWith(' beta '));
  await t.waitFor(/Run shell command\?/);
});

it("shows each workspace's changes from git (+added −removed, untracked files counted), computed in the background", async () => {
  const repo = path.join(sandbox.root, 'repo');
  fs.mkdirSync(repo);
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args]);
  git('init', '-q');
  fs.writeFileSync(path.join(repo, 'a.txt'), 'one\ntwo\nthree\n');
  git('add', '.');
  git('commit', '-qm', 'first');
  fs.writeFileSync(path.join(repo, 'a.txt'), 'one\n2\nthree\nfour\n'); // +2 −1
  fs.writeFileSync(path.join(repo, 'new.txt'), 'x\ny\n'); // untracked: +2
  await sandbox.cliOk(['new', '-d', '-s', 'alpha', '-c', repo]);
  const t = (outer = new OuterTerminal(['-L', sandbox.socketName, 'attach', '-t', 'alpha'], { env: sandbox.env, cols: COLS, rows: ROWS }));
  await t.waitFor(() => /1 alpha \+4 −1/.test(strip(t)));
});
