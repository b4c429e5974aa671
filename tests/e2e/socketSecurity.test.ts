// Other local users cannot reach a tessera server, and tessera never deletes a file that is not its socket.
// A second unprivileged user is created for real (useradd; the tests run as root locally and in CI).

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIntruder, intruderUnavailable, type Intruder } from '../helpers/intruder.js';
import { OuterTerminal, TESSERA_BIN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
beforeEach(() => {
  sandbox = new TesseraSandbox();
});
/** Run directories of this test besides the sandbox's own: their servers are stopped before the sandbox goes. */
const otherRuns: Record<string, string>[] = [];
afterEach(async () => {
  for (const env of otherRuns.splice(0)) await runTessera(['-L', sandbox.socketName, 'kill-server'], env);
  await sandbox.cleanup();
});

/** A run directory like /tmp (world-writable, sticky) that the intruder can reach, as on a shared machine. */
function sharedTmp(name: string): { env: Record<string, string>; socketDir: string; socketPath: string } {
  fs.chmodSync(sandbox.root, 0o711);
  const tmp = path.join(sandbox.root, name);
  fs.mkdirSync(tmp);
  fs.chmodSync(tmp, 0o1777);
  const socketDir = path.join(tmp, `tessera-${process.getuid?.() ?? 0}`);
  const env = { TESSERA_TMPDIR: tmp };
  otherRuns.push(env);
  return { env, socketDir, socketPath: path.join(socketDir, sandbox.socketName) };
}

function runTessera(args: string[], env: Record<string, string>, shell?: string): Promise<{ code: number; stderr: string }> {
  const [file, argv] = shell ? ['/bin/sh', ['-c', `${shell}; exec "$0" "$@"`, process.execPath, TESSERA_BIN, ...args]] : [process.execPath, [TESSERA_BIN, ...args]];
  return new Promise((resolve) => {
    execFile(file, argv, { env: { ...sandbox.env, ...env }, cwd: sandbox.root, timeout: 30_000 }, (error, _out, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
}

/** One line, no stack trace. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
}

const skipReason = intruderUnavailable();
if (skipReason) console.log(`SKIPPED: another local user's attacks on the socket: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('another local user', () => {
  let intruder: Intruder;
  beforeAll(() => {
    intruder = createIntruder();
  });
  afterAll(async () => {
    await intruder?.remove();
  });

  it('cannot catch the session by creating the socket directory first', async () => {
    const { env, socketDir } = sharedTmp('tmp');
    // A fake server that logs everything anyone sends to it, in a directory the intruder made.
    const fake = intruder.start(
      `const fs = require('fs'), net = require('net'), path = require('path');
       const dir = process.argv[1];
       fs.mkdirSync(dir, { mode: 0o755 });
       net.createServer((s) => { console.log('connection'); s.on('data', (d) => console.log('received ' + d.length)); })
         .listen(path.join(dir, 'test'), () => { fs.chmodSync(path.join(dir, 'test'), 0o777); console.log('ready'); });`,
      [socketDir],
    );
    let heard = '';
    fake.stdout?.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    await eventually(() => heard, (text) => text.includes('ready'));

    const refusal = new RegExp(`socket directory ${socketDir} belongs to another user \\(uid ${intruder.uid}, you are uid 0\\)`);
    for (const args of [['ls'], ['new', '-d'], ['send-keys', '-t', '1', 'echo secret', 'Enter'], ['kill-server']]) {
      const result = await runTessera(['-L', sandbox.socketName, ...args], env);
      expect(result.code).toBe(1);
      expectOneLine(result.stderr, refusal);
    }
    // Attaching in a real terminal is refused the same way, before a single keystroke is sent.
    const outer = new OuterTerminal(['-L', sandbox.socketName], { env: { ...sandbox.env, ...env }, cwd: sandbox.root });
    try {
      await outer.waitFor(/belongs to another user/);
      expect(await outer.exited).toBe(1);
    } finally {
      outer.dispose();
    }
    expect(heard).toBe('ready\n'); // the fake server never saw a connection
  });

  it('cannot connect to the socket, list its directory or plant anything in it', async () => {
    const { env, socketDir, socketPath } = sharedTmp('tmp');
    expect((await runTessera(['-L', sandbox.socketName, 'new', '-d'], env)).code).toBe(0);
    const attempts = JSON.parse(
      await intruder.run(
        `const fs = require('fs'), net = require('net'), path = require('path');
         const [dir, sock] = process.argv.slice(1);
         const code = (f) => { try { f(); return 'allowed'; } catch (e) { return e.code; } };
         const result = { readdir: code(() => fs.readdirSync(dir)), stat: code(() => fs.statSync(sock)), plant: code(() => fs.writeFileSync(path.join(dir, 'x'), 'x')) };
         const s = net.createConnection(sock);
         s.on('connect', () => { result.connect = 'allowed'; console.log(JSON.stringify(result)); process.exit(0); });
         s.on('error', (e) => { result.connect = e.code; console.log(JSON.stringify(result)); });`,
        [socketDir, socketPath],
      ),
    ) as Record<string, string>;
    expect(attempts).toEqual({ readdir: 'EACCES', stat: 'EACCES', plant: 'EACCES', connect: 'EACCES' });
    expect(fs.statSync(socketDir).mode & 0o7777).toBe(0o700);
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
  });

  it('never gets in while the server starts, even under umask 000', async () => {
    const { env, socketDir, socketPath } = sharedTmp('tmp');
    // The intruder hammers the socket path from before the server exists until the test ends.
    const racer = intruder.start(
      `const net = require('net'); const sock = process.argv[1]; let tries = 0;
       const again = () => { const s = net.createConnection(sock);
         s.on('connect', () => { console.log('CONNECTED'); s.destroy(); setImmediate(again); });
         s.on('error', () => { if (++tries % 200 === 0) console.log('tries ' + tries); setImmediate(again); }); };
       for (let i = 0; i < 2; i++) again();`,
      [socketPath],
    );
    let heard = '';
    racer.stdout?.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    for (let round = 0; round < 3; round++) {
      const started = await runTessera(['-L', sandbox.socketName, 'new', '-d'], env, 'umask 000');
      expect(started.stderr).toBe('');
      expect(fs.statSync(socketDir).mode & 0o7777).toBe(0o700);
      expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
      expect(fs.statSync(`${socketPath}.log`).mode & 0o777).toBe(0o600);
      expect(fs.statSync(`${socketPath}.d`).mode & 0o777).toBe(0o700);
      expect((await runTessera(['-L', sandbox.socketName, 'kill-server'], env)).code).toBe(0);
      await eventually(() => fs.existsSync(socketPath), (exists) => !exists);
    }
    await eventually(() => heard, (text) => /tries \d+/.test(text));
    racer.kill('SIGKILL');
    expect(heard).not.toContain('CONNECTED');
  });
});

describe('-S PATH never replaces what is not a tessera socket', () => {
  it('refuses a regular file at once and leaves it byte for byte', async () => {
    const file = path.join(sandbox.root, 'notes.txt');
    const content = crypto.randomBytes(4096);
    fs.writeFileSync(file, content);
    const before = fs.statSync(file);
    for (const args of [['new', '-d'], ['ls'], ['kill-server']]) {
      const result = await runTessera(['-S', file, ...args], {});
      expect(result.code).toBe(1);
      expectOneLine(result.stderr, new RegExp(`${file} is a regular file, not a tessera socket; tessera will not use or replace it`));
    }
    expect(fs.readFileSync(file).equals(content)).toBe(true);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(fs.readdirSync(sandbox.root).filter((n) => n.startsWith('notes.txt'))).toEqual(['notes.txt']); // no log or state dir beside it
  });

  it('refuses a directory and a symbolic link, and a socket directory that others can enter', async () => {
    const dir = path.join(sandbox.root, 'somedir');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'keep'), 'x');
    const target = path.join(sandbox.root, 'target.txt');
    fs.writeFileSync(target, 'target');
    const link = path.join(sandbox.root, 'link');
    fs.symlinkSync(target, link);
    for (const [at, kind] of [[dir, 'a directory'], [link, 'a symbolic link']]) {
      const result = await runTessera(['-S', at, 'new', '-d'], {});
      expect(result.code).toBe(1);
      expectOneLine(result.stderr, new RegExp(`${at} is ${kind}, not a tessera socket`));
    }
    expect(fs.readdirSync(dir)).toEqual(['keep']);
    expect(fs.readlinkSync(link)).toBe(target);
    expect(fs.readFileSync(target, 'utf8')).toBe('target');

    const open = path.join(sandbox.root, 'open');
    fs.mkdirSync(open, { mode: 0o700 });
    fs.chmodSync(open, 0o755);
    const result = await runTessera(['-S', path.join(open, 'sock'), 'new', '-d'], {});
    expectOneLine(result.stderr, new RegExp(`socket directory ${open} can be entered by other users \\(mode 0755\\); make it private with: chmod 700 ${open}`));
    expect(fs.readdirSync(open)).toEqual([]);
  });

  it('works in a private directory, and replaces its socket once nothing accepts on it', async () => {
    const dir = path.join(sandbox.root, 'socks');
    fs.mkdirSync(dir, { mode: 0o700 });
    const sock = path.join(dir, 'mine');
    expect((await runTessera(['-S', sock, 'new', '-d', '-s', 'one'], {})).code).toBe(0);
    const pid = Number(fs.readFileSync(`${sock}.log`, 'utf8').match(/tessera server (\d+) listening/)?.[1]);
    process.kill(pid, 'SIGKILL');
    await eventually(() => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')), (alive) => !alive);
    expect(fs.lstatSync(sock).isSocket()).toBe(true); // left behind by the killed server
    const again = await runTessera(['-S', sock, 'new', '-d', '-s', 'two'], {});
    expect(again.code).toBe(0);
    expect(fs.readFileSync(`${sock}.log`, 'utf8')).toContain(`replaced a stale socket left by a server that is gone: ${sock}`);
    expect((await runTessera(['-S', sock, 'kill-server'], {})).code).toBe(0);
    await eventually(() => fs.existsSync(sock), (exists) => !exists);
  });
});
