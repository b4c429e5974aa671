// A workspace stack's output as it happens, through the real binary: `tessera hook` printing a hook's
// lines while it runs (and exiting with its status, 124 at its time limit), the logs viewer (prefix s)
// following a service's log without a keypress, showing an escape sequence from the log as marks,
// and a hook run from the palette with its output live in that viewer.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TESSERA_BIN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';
import { endStacks, makeStackRepo, randomPortBase, stackWorktree, webStack } from '../helpers/stackRepo.js';

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
