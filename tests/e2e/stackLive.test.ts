// A workspace stack's output as it happens, through the real binary: `tessera hook` printing a hook's
// lines while it runs (and exiting with its status, 124 at its time limit), the logs viewer (prefix t)
// following a service's log without a keypress, showing an escape sequence from the log as marks,
// and a hook run from the palette with its output live in that viewer.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TESSERA_BIN, TesseraSandbox, eventually, type OuterTerminal } from '../helpers/outerTerminal.js';
import { endStacks, makeStackRepo, randomPortBase, stackDir, stackWorktree, webStack } from '../helpers/stackRepo.js';

let sandbox: TesseraSandbox;
let repo: string;
let base: number;
const children: ChildProcess[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox();
  repo = path.join(fs.realpathSync(sandbox.root), 'app');
  base = randomPortBase();
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  endStacks(sandbox);
  await sandbox.cleanup();
});

const PREFIX = '\x1c';

/**
 * A service that says what the test asks it to: it prints a line holding escape sequences (a title
 * change, a colour, a screen clear), then each time the file `say` appears in its folder, its text
 * (and removes it), so the test decides when a line is written.
 */
const SAYER_JS = `const fs = require('node:fs');
process.stdout.write('before \\x1b]2;PWNED\\x07 \\x1b[31mred\\x1b[0m \\x1b[2J after\\n');
setInterval(() => {
  try {
    const text = fs.readFileSync('say', 'utf8');
    fs.rmSync('say');
    process.stdout.write(text);
  } catch {}
}, 50);
`;

/** Makes the service print `text` and waits until it took it. */
async function say(dir: string, text: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'say.tmp'), text);
  fs.renameSync(path.join(dir, 'say.tmp'), path.join(dir, 'say'));
  await eventually(() => fs.existsSync(path.join(dir, 'say')), (there) => !there);
}

/** The row of the outer terminal that shows `text`, or -1. */
const rowOf = (t: OuterTerminal, text: string): number => t.lines().findIndex((l) => l.includes(text));

/** `tessera ARGS` running, its output collected as it comes. */
function running(args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [TESSERA_BIN, '-L', sandbox.socketName, ...args], { env: sandbox.env, cwd: sandbox.root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

describe("a stack's output as it happens", () => {
  it("tessera hook prints the hook's output while it runs and exits with its status", async () => {
    const gate = path.join(sandbox.root, 'gate');
    makeStackRepo(repo, webStack(base, { hooks: { migrate: `echo first-line; while [ ! -e '${gate}' ]; do sleep 0.1; done; echo second-line; exit 3` } }));
    await stackWorktree(sandbox, repo, 'w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);

    const hook = running(['hook', 'migrate', '-t', 'w1']);
    // The first line is on the command line's output while the hook still waits for the gate.
    await eventually(() => hook.stdout(), (out) => out.includes('first-line'));
    expect(hook.child.exitCode).toBeNull();
    expect(fs.existsSync(gate)).toBe(false);
    fs.writeFileSync(gate, '');
    expect(await hook.exit).toBe(3);
    // Printed once, in order, nothing of the log's earlier runs or its header.
    expect(hook.stdout()).toBe('first-line\nsecond-line\n');
    expect(hook.stderr()).toBe('');
  });

  it('ends the hook when its command line is interrupted, freeing the stack for the next', async () => {
    makeStackRepo(repo, webStack(base, { hooks: { migrate: `echo waiting; sleep 600; : interrupted-hook-${base}`, seed: 'echo seeded' } }));
    await stackWorktree(sandbox, repo, 'w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const hook = running(['hook', 'migrate', '-t', 'w1']);
    await eventually(() => hook.stdout(), (out) => out.includes('waiting'));
    const hookRuns = () => execFileSync('ps', ['-eo', 'args']).toString().includes(`interrupted-hook-${base}`);
    expect(hookRuns()).toBe(true);
    hook.child.kill('SIGINT');
    await hook.exit;
    await eventually(hookRuns, (runs) => !runs);
    expect(await sandbox.cli(['hook', 'seed', '-t', 'w1'])).toEqual({ code: 0, stdout: 'seeded\n', stderr: '' });
    expect(fs.readFileSync(path.join(stackDir(sandbox, 'w1'), 'logs', 'hook-migrate.log'), 'utf8')).toContain('waiting\n--- ended: the command that ran it was interrupted\n');
  });

  it('exits with 124 when the time limit ends the hook, having printed what it wrote', async () => {
    makeStackRepo(repo, webStack(base, { hooks: { seed: 'echo seeding; sleep 30' }, hookTimeoutSeconds: 1 }));
    await stackWorktree(sandbox, repo, 'w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const timedOut = running(['hook', 'seed', '-t', 'w1']);
    expect(await timedOut.exit).toBe(124);
    expect(timedOut.stdout()).toBe('seeding\n');
    expect(timedOut.stderr()).toContain('tessera: hook seed did not finish in time and was ended');
  });
});

describe('the logs viewer', () => {
  it('follows a service log without a keypress, keeps the place of a reader who scrolled up, and shows escape sequences as marks', async () => {
    makeStackRepo(repo, { services: { sayer: { command: 'node sayer.cjs' } }, hooks: { seed: 'echo seed-output' } }, { 'sayer.cjs': SAYER_JS });
    const dir = await stackWorktree(sandbox, repo, 'w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    await sandbox.cliOk(['up', '-t', 'w1']);
    await sandbox.cliOk(['hook', 'seed', '-t', 'w1']);
    const t = sandbox.open(['attach', '-t', 'w1'], { cols: 160, rows: 30 });
    await t.waitFor(/tsh\$/);

    t.write(`${PREFIX}t`);
    await t.waitFor('logs of w1: service sayer (1/2)');
    // The log's escape sequences are shown as marks: no title change, no colour, no cleared screen.
    await t.waitFor('before ^[]2;PWNED^G ^[[31mred^[[0m ^[[2J after');
    const panes = await eventually(() => sandbox.listPanes(), (p) => p.length === 2);
    expect(panes.map((p) => p.title).join(' ')).not.toContain('PWNED');
    expect(t.output).not.toContain('\x1b]2;PWNED');

    // New lines come in while nobody presses a key.
    await say(dir, 'fresh-line-1\n');
    await t.waitFor('fresh-line-1');
    await say(dir, Array.from({ length: 40 }, (_, i) => `bulk-${i}\n`).join(''));
    await t.waitFor('bulk-39');
    // The reader at the bottom stays there: the newest line is on the last text row (above the status line).
    expect(rowOf(t, 'bulk-39')).toBeGreaterThan(rowOf(t, 'bulk-30'));

    // Scrolled up: the same lines stay in view while new ones come; G follows again.
    t.write('g');
    await t.waitFor(() => rowOf(t, 'before ^[]2;PWNED') >= 0 && rowOf(t, 'bulk-39') < 0);
    const topRow = rowOf(t, 'before ^[]2;PWNED');
    await say(dir, 'while-reading\n');
    await t.waitFor(/logs of w1: service sayer \(1\/2\) +1-\d+\/44/);
    expect(rowOf(t, 'before ^[]2;PWNED')).toBe(topRow);
    expect(rowOf(t, 'while-reading')).toBe(-1);
    t.write('G');
    await t.waitFor('while-reading');

    // ] goes to the next log: the seed hook's.
    t.write(']');
    await t.waitFor('logs of w1: hook seed (2/2)');
    await t.waitFor('seed-output');
  });

  it('tessera logs -f prints new lines as they are written', async () => {
    makeStackRepo(repo, { services: { sayer: { command: 'node sayer.cjs' } } }, { 'sayer.cjs': SAYER_JS });
    const dir = await stackWorktree(sandbox, repo, 'w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    await sandbox.cliOk(['up', '-t', 'w1']);
    const logs = running(['logs', 'sayer', '-f', '-t', 'w1']);
    await eventually(() => logs.stdout(), (out) => out.includes('after\n'));
    // What the command line prints of the log passes the escaping too.
    expect(logs.stdout()).toContain('before ^[]2;PWNED^G ^[[31mred^[[0m ^[[2J after\n');
    await say(dir, 'followed-€-line\n');
    await eventually(() => logs.stdout(), (out) => out.endsWith('followed-€-line\n'));
    expect(logs.child.exitCode).toBeNull();
  });

  it('runs a hook from the palette in a viewer pane that shows its output as it comes', async () => {
    const gate = path.join(sandbox.root, 'gate');
    makeStackRepo(repo, { hooks: { migrate: `echo migrating-start; while [ ! -e '${gate}' ]; do sleep 0.1; done; echo migrating-done; exit 2` } });
    await stackWorktree(sandbox, repo, 'w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const t = sandbox.open(['attach', '-t', 'w1'], { cols: 160, rows: 30 });
    await t.waitFor(/tsh\$/);

    t.write(`${PREFIX}:`);
    await t.waitFor('Run an action');
    t.write('hook migrate');
    await t.waitFor('tessera hook migrate');
    t.write('\r');
    await t.waitFor('logs of w1: hook migrate (1/1)  [running migrate…]');
    await t.waitFor('migrating-start');
    expect(fs.existsSync(gate)).toBe(false);
    fs.writeFileSync(gate, '');
    await t.waitFor('migrating-done');
    await t.waitFor('[migrate exited with status 2]');
    // x runs it again, in the same pane.
    fs.rmSync(gate);
    t.write('x');
    await t.waitFor('[running migrate…]');
    await eventually(() => t.text().split('migrating-start').length - 1, (n) => n === 2);
    fs.writeFileSync(gate, '');
    await t.waitFor('[migrate exited with status 2]');
  });
});
