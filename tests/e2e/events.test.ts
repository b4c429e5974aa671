// `tessera events` through the real binary, read by a script through a pipe: a reader that disconnects and
// comes back with --since gets exactly the events it missed, then the live ones.

import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TESSERA_BIN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
const readers: ChildProcess[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.kill('SIGKILL');
  await sandbox.cleanup();
});

interface Event {
  seq: number;
  kind: string;
  workspace: string;
  pane?: number;
}

/** Runs `tessera events --json ARGS` with its output piped; `events` fills as lines arrive. */
function readEvents(args: string[]): { events: Event[]; stderr: () => string; process: ChildProcess } {
  const child = spawn(process.execPath, [TESSERA_BIN, '-L', sandbox.socketName, 'events', '--json', ...args], { env: sandbox.env, cwd: sandbox.root, stdio: ['ignore', 'pipe', 'pipe'] });
  readers.push(child);
  const events: Event[] = [];
  let partial = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) events.push(JSON.parse(line) as Event);
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return { events, stderr: () => stderr, process: child };
}

describe('tessera events', () => {
  it('replays what a reader missed while it was away with --since, then goes on live', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'ev']);
    const first = readEvents(['--since', '0']);
    await eventually(() => first.events, (events) => events.some((e) => e.kind === 'pane-opened' && e.workspace === 'ev'));
    expect(first.events[0]).toMatchObject({ seq: 1, kind: 'workspace-created', workspace: 'ev' });
    const lastSeen = (first.events.at(-1) as Event).seq;
    first.process.kill('SIGKILL'); // the reader goes away without a word
    await eventually(() => first.process.exitCode !== null || first.process.signalCode !== null, (gone) => gone);

    // While nobody reads: a pane opened and closed.
    const split = Number((await sandbox.cliOk(['split', '-t', 'ev:0', '--right', '-d'])).trim());
    expect(split).toBeGreaterThan(0);
    await sandbox.cliOk(['kill-pane', '-t', String(split)]);

    const back = readEvents(['--since', String(lastSeen)]);
    await eventually(() => back.events, (events) => events.some((e) => e.kind === 'pane-closed' && e.pane === split));
    const seqs = back.events.map((e) => e.seq);
    expect(seqs[0]).toBe(lastSeen + 1);
    expect(seqs).toEqual(seqs.map((_, i) => lastSeen + 1 + i));
    expect(back.events.filter((e) => e.pane === split).map((e) => e.kind)).toEqual(expect.arrayContaining(['pane-opened', 'pane-closed']));
    expect(back.stderr()).toBe('');

    // And it is live: a new workspace reaches it without reconnecting.
    await sandbox.cliOk(['new', '-d', '-s', 'later']);
    await eventually(() => back.events, (events) => events.some((e) => e.kind === 'workspace-created' && e.workspace === 'later'));

    // The server stopping ends the stream with the --since that goes on from the last event read.
    await sandbox.cliOk(['kill-server']);
    await eventually(() => back.process.exitCode, (code) => code === 1);
    expect(back.stderr()).toMatch(new RegExp(`tessera events --since ${(back.events.at(-1) as Event).seq}'`));
  });

  it('refuses a --since that is not a sequence number', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'ev']);
    const result = await sandbox.cli(['events', '--since', 'yesterday']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--since takes a sequence number/);
  });
});
