// Control commands as scripts use them, and their answers to bad input.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROMPT_PATTERN, TESSERA_BIN, TesseraSandbox, eventually, type PaneJson } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

async function capture(pane: number, ansi = false): Promise<string> {
  return sandbox.cliOk(['capture-pane', '-t', String(pane), ...(ansi ? ['--ansi'] : [])]);
}

/** The screen as capture-pane prints it, straight from the socket: for polling (a Node start per poll adds up). */
const screenNow = (pane: number): Promise<string> => sandbox.capturePane(String(pane));

describe('control commands', () => {
  it('creates detached workspaces, lists, types, captures, splits, zooms, resizes and kills panes', async () => {
    expect((await sandbox.cliOk(['new', '-d', '-s', 'work', '-c', sandbox.root])).trim()).toBe('work');
    const [first] = await sandbox.listPanes();
    expect(first).toMatchObject({ workspace: 'work', status: expect.any(String), focused: true, cols: 80, rows: 21 }); // 24 rows: header, panes, workspace strip, status bar
    await eventually(() => screenNow(first.id), (s) => PROMPT_PATTERN.test(s));

    await sandbox.cliOk(['send-keys', '-t', String(first.id), 'printf "\\033[1;31mred\\033[0m %s\\n" done', 'Enter']);
    await eventually(() => screenNow(first.id), (s) => s.includes('red done'));
    expect(await capture(first.id, true)).toMatch(/\x1b\[0;[^m]*31[^m]*;1m?red|\x1b\[0;31;49;1mred/);

    const right = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--right', '-d', '--', 'cat'])).trim());
    let panes = await sandbox.listPanes();
    expect(panes.map((p) => p.id)).toEqual([first.id, right]);
    expect(panes.find((p) => p.id === first.id)?.focused).toBe(true); // -d keeps the focus
    expect(panes.find((p) => p.id === right)).toMatchObject({ command: 'cat', status: 'running' });

    await sandbox.cliOk(['send-keys', '-t', String(right), '--literal', 'Enter', 'Enter']);
    await eventually(() => screenNow(right), (s) => s.includes('Enter'));

    await sandbox.cliOk(['zoom', '-t', String(right)]);
    panes = await sandbox.listPanes();
    expect(panes.find((p) => p.id === first.id)?.rect).toBeNull();
    expect(panes.find((p) => p.id === right)?.rect?.width).toBe(80);
    await sandbox.cliOk(['zoom', '-t', String(right)]);

    const before = (await sandbox.listPanes()).find((p) => p.id === first.id) as PaneJson;
    await sandbox.cliOk(['resize-pane', '-t', String(first.id), '--right', '5']);
    const after = await eventually(() => sandbox.listPanes(), (p) => p[0].rect?.width === before.rect!.width + 5);
    expect(after[1].rect?.width).toBe(80 - 1 - (before.rect!.width + 5)); // one divider column between them

    await sandbox.cliOk(['kill-pane', '-t', String(right)]);
    panes = await sandbox.listPanes();
    expect(panes.map((p) => p.id)).toEqual([first.id]);
    expect(panes[0].rect?.width).toBe(80);

    const ls = JSON.parse(await sandbox.cliOk(['ls', '--json']));
    expect(ls).toEqual([expect.objectContaining({ name: 'work', panes: 1, state: 'open', kind: 'adopted' })]);
  });

  it('shows the exit status of a program until the pane is dismissed', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', 'sh', '-c', 'echo bye; exit 3']);
    const [pane] = await eventually(() => sandbox.listPanes(), (p) => p[0]?.status === 'error');
    expect(pane.exitCode).toBe(3);
    expect(pane.pid).toBeNull();
    expect(await capture(pane.id)).toContain('bye');
    await sandbox.cliOk(['kill-pane', '-t', String(pane.id)]);
    expect((await sandbox.cli(['list-panes'])).stdout).toBe('');
  });

  it('closes a shell pane at once when its shell exits 0', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const [first] = await sandbox.listPanes();
    const second = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--down'])).trim());
    await eventually(() => screenNow(second), (s) => PROMPT_PATTERN.test(s));
    await sandbox.cliOk(['send-keys', '-t', String(second), 'exit', 'Enter']);
    await eventually(() => sandbox.listPanes(), (p) => p.length === 1);
  });

  it('kills the whole process group of a closed pane', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', 'sh', '-c', 'sleep 1000 & echo child=$!; wait']);
    const [pane] = await sandbox.listPanes();
    const text = await eventually(() => screenNow(pane.id), (s) => /child=\d+/.test(s));
    const child = Number(/child=(\d+)/.exec(text)?.[1]);
    expect(isRunning(child)).toBe(true);
    await sandbox.cliOk(['kill-pane', '-t', String(pane.id)]);
    await eventually(() => isRunning(child), (alive) => !alive);
  });

  it('kill-server returns once the server and a program that ignores SIGTERM are gone; a command right after starts afresh', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', 'sh', '-c', "trap '' TERM; echo ready; while :; do sleep 1; done"]);
    const [pane] = await sandbox.listPanes();
    await eventually(() => screenNow(pane.id), (s) => s.includes('ready'));
    const serverPid = JSON.parse(await sandbox.cliOk(['server-info', '--json'])).pid as number;
    await sandbox.cliOk(['kill-server']);
    expect(isRunning(serverPid)).toBe(false);
    expect(pane.pid !== null && isRunning(pane.pid)).toBe(false);
    await sandbox.cliOk(['new', '-d', '-s', 'after']);
    expect((await sandbox.cliOk(['ls'])).split('\n').some((line) => line.startsWith('after:'))).toBe(true);
  });

  it('starts new splits in the current directory of the split shell', async () => {
    const dir = fs.mkdtempSync(path.join(sandbox.root, 'cwd-'));
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const [first] = await sandbox.listPanes();
    await eventually(() => screenNow(first.id), (s) => PROMPT_PATTERN.test(s));
    await sandbox.cliOk(['send-keys', '-t', String(first.id), `cd ${dir}`, 'Enter']);
    await eventually(() => sandbox.listPanes(), (p) => p[0].cwd === dir);
    const second = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--right'])).trim());
    await eventually(() => screenNow(second), (s) => PROMPT_PATTERN.test(s));
    await sandbox.cliOk(['send-keys', '-t', String(second), 'pwd', 'Enter']);
    await eventually(() => screenNow(second), (s) => s.includes(dir));
  });

  it('reports idle at the prompt and running while a command runs', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const [pane] = await eventually(() => sandbox.listPanes(), (p) => p[0].status === 'idle');
    // Running until told to stop: a 'sleep 2' could end between two list-panes on a loaded machine (each one a new
    // process taking a second or two), and the running state was never seen.
    await sandbox.cliOk(['send-keys', '-t', String(pane.id), 'sleep 600', 'Enter']);
    await eventually(() => sandbox.listPanes(), (p) => p[0].status === 'running');
    await sandbox.cliOk(['send-keys', '-t', String(pane.id), 'C-c']);
    await eventually(() => sandbox.listPanes(), (p) => p[0].status === 'idle');
  });
});

describe('bad input', () => {
  const expectError = async (args: string[], message: RegExp, hint?: string) => {
    const result = await sandbox.cli(args);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')[0]).toMatch(message);
    if (hint !== undefined) expect(result.stderr.trim().split('\n')[1]).toBe(hint);
  };

  it('says clearly when no server runs', async () => {
    await expectError(['zoom'], /^tessera: no server running \(-L test\)$/);
    await expectError(['capture-pane'], /no server running/);
  });

  it('rejects unknown commands and flags, and bad flag values', async () => {
    await expectError(['frobnicate'], /unknown command 'frobnicate'/, "try 'tessera --help'");
    await expectError(['--bogus'], /unknown option --bogus/);
    await expectError(['new', '--what'], /unknown option --what/, "try 'tessera help new'"); // the command's own help
    await expectError(['split', '--right', '--down'], /exactly one of --right or --down/);
    await expectError(['resize-pane', '--left', 'x'], /--left needs a number of cells other than 0 \(negative moves the border the other way\), not 'x'/, "try 'tessera help resize-pane'");
    await expectError(['capture-pane', '-t', 'a b'], /invalid pane 'a b': use the pane's number/);
    // Without a terminal: attach says what works without one; new, that -d does.
    await expectError(['attach', '-t', 'w'], /attaching needs a terminal .*; commands such as 'tessera ls', 'list-panes' and 'send-keys' need none$/);
    await expectError(['new', '-s', 'w'], /attaching needs a terminal .*; use -d to create without attaching$/);
    await expectError(['-L', '../evil', 'ls'], /invalid socket name/);
  });

  it('gives the focus back to the pane that had it before, when the focused pane closes', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', 'sleep', '600']);
    const [first] = await sandbox.listPanes();
    const second = Number((await sandbox.cliOk(['split', '-t', String(first.id), '--right', '--', 'sleep', '600'])).trim());
    const third = Number((await sandbox.cliOk(['split', '-t', String(second), '--down', '--', 'sleep', '600'])).trim());
    expect((await sandbox.listPanes()).find((p) => p.focused)?.id).toBe(third);
    await sandbox.cliOk(['kill-pane', '-t', String(third)]);
    expect((await sandbox.listPanes()).find((p) => p.focused)?.id).toBe(second);
    await sandbox.cliOk(['kill-pane', '-t', String(second)]);
    expect((await sandbox.listPanes()).find((p) => p.focused)?.id).toBe(first.id);
  });

  it('refuses a missing directory, an unknown program, a bad name, unknown panes and workspaces', async () => {
    await expectError(['new', '-d', '-c', '/no/such/dir'], /no such directory: \/no\/such\/dir/);
    await expectError(['new', '-d', '--', 'no-such-program-xyz'], /no-such-program-xyz was not found in PATH/);
    await expectError(['new', '-d', '-s', 'bad name'], /invalid workspace name "bad name": use at most 64 letters/);
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    await expectError(['new', '-d', '-s', 'w'], /exists already/);
    await expectError(['capture-pane', '-t', '99'], /no pane 99/);
    await expectError(['list-panes', '-t', 'nope'], /no workspace named 'nope'/);
    await expectError(['capture-pane', '-t', 'nope'], /no workspace named 'nope' \(-t takes a pane's number, WORKSPACE, /);
    await expectError(['split', '-t', '1', '--right', '--', './no-such-script'], /no-such-script/);
    expect(await sandbox.listPanes()).toHaveLength(1);
  });

  it('refuses a socket in a directory others can write to', async () => {
    const open = path.join(sandbox.root, 'open');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    const bad = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [TESSERA_BIN, '-S', path.join(open, 'sock'), 'new', '-d'], { env: sandbox.env }, (error, _out, stderr) =>
        resolve({ code: error ? 1 : 0, stderr }),
      );
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/shared with other users \(mode 0777\)/);
    expect(fs.existsSync(path.join(open, 'sock'))).toBe(false);
  });

  it('measures how late its event loop runs between two `server-info --loop-delay` calls, while a pane floods', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', 'sh', '-c', 'seq 1 300000; echo flooded; sleep 600']);
    expect(await sandbox.cliOk(['server-info', '--loop-delay'])).toContain('event-loop delay: measuring from now');
    const [pane] = await sandbox.listPanes();
    await eventually(() => screenNow(pane.id), (s) => s.includes('flooded'));
    const { loopDelay } = JSON.parse(await sandbox.cliOk(['server-info', '--json', '--loop-delay'])) as {
      loopDelay: { p50Ms: number; p99Ms: number; maxMs: number; samples: number; windowMs: number };
    };
    expect(loopDelay.samples).toBeGreaterThan(0);
    expect(loopDelay.windowMs).toBeGreaterThan(0);
    expect(0 <= loopDelay.p50Ms && loopDelay.p50Ms <= loopDelay.p99Ms && loopDelay.p99Ms <= loopDelay.maxMs).toBe(true);
    expect(await sandbox.cliOk(['server-info', '--loop-delay'])).toMatch(/event-loop delay over the last [\d.]+ s: p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms \(\d+ samples\)/);
    // Without the flag nothing is measured or reported.
    expect(JSON.parse(await sandbox.cliOk(['server-info', '--json']))).not.toHaveProperty('loopDelay');
  });

  it('replaces a stale socket left by a dead server', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'old']);
    const { pid } = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number };
    process.kill(pid, 'SIGKILL');
    await eventually(() => isRunning(pid), (alive) => !alive);
    await sandbox.cliOk(['new', '-d', '-s', 'fresh']);
    const ls = JSON.parse(await sandbox.cliOk(['ls', '--json'])) as { name: string; state: string }[];
    // The crashed server's workspace is kept, dormant; the new server runs the fresh one.
    expect(ls.map((w) => [w.name, w.state])).toEqual([
      ['fresh', 'open'],
      ['old', 'dormant'],
    ]);
  });

  it('ends quietly when the reader of its output goes away (`list-panes | true`)', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    await sandbox.cliOk(['split', '--right', '-d']);
    // `true` exits without reading long before node has started, so every write meets a closed pipe.
    const script = `"${process.execPath}" "${TESSERA_BIN}" -L ${sandbox.socketName} list-panes --json | true; echo "status \${PIPESTATUS[0]}"`;
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile('bash', ['-c', script], { env: sandbox.env, cwd: sandbox.root }, (error, out, err) => (error ? reject(error) : resolve({ stdout: out, stderr: err })));
    });
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('status 141');
  });

  it('drops a connection that sends garbage and keeps serving the others', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const { socketPath } = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { socketPath: string };
    for (const garbage of [Buffer.from([0xff, 0xff, 0xff, 0xff, 0x01]), Buffer.from([0, 0, 0, 2, 9, 1, 2]), Buffer.from([0, 0, 0, 3, 1, 0x7b, 0x7b, 0x7b])]) {
      const closed = await new Promise<boolean>((resolve) => {
        const socket = net.createConnection(socketPath, () => socket.write(garbage));
        socket.on('close', () => resolve(true));
        socket.on('error', () => undefined);
      });
      expect(closed).toBe(true);
    }
    expect(await sandbox.listPanes()).toHaveLength(1);
  });
});

function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}
