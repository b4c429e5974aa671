// Other machines through a real sshd (tests/helpers/testSshd.ts): two "hosts" are two aliases of one
// local sshd, each with its own tessera server. Skipped, with the reason, where sshd cannot run.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OuterTerminal, TESSERA_BIN } from '../helpers/outerTerminal.js';
import { REMOTE_TIMEOUT_MS, localTessera, run } from '../helpers/remoteEnv.js';
import { TestSshd, sshdSkipReason } from '../helpers/testSshd.js';

const skip = sshdSkipReason();
if (skip) console.warn(`remoteHosts tests skipped: ${skip}`);

/** A test runs a dozen such commands: its deadline holds with the machine's cores all busy. */
const TEST_TIMEOUT_MS = 300_000;

let root: string;
let sshd: TestSshd;
/** This machine's tessera world: its own settings (the hosts), socket and state. */
let localEnv: NodeJS.ProcessEnv;

describe.skipIf(skip !== undefined)('a real sshd with two hosts', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-remote-'));
    sshd = await TestSshd.start(root, ['build1', 'build2']);
    const wrongKey = path.join(root, 'sshd', 'wrong_key');
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', wrongKey], process.env);
    sshd.addAlias('nokey', [`IdentityFile ${wrongKey}`, 'IdentitiesOnly yes', `UserKnownHostsFile ${path.join(root, 'sshd', 'known_hosts')}`]);
    sshd.addAlias('stranger', [`IdentityFile ${path.join(root, 'sshd', 'client_key')}`, 'IdentitiesOnly yes', `UserKnownHostsFile ${path.join(root, 'sshd', 'no_known_hosts')}`, 'GlobalKnownHostsFile /dev/null', 'StrictHostKeyChecking yes']);
    // Another name for build1's machine and server: tessera hosts says they are one.
    sshd.addAlias('build1b', [`IdentityFile ${path.join(root, 'sshd', 'client_key')}`, 'IdentitiesOnly yes', `UserKnownHostsFile ${path.join(root, 'sshd', 'known_hosts')}`, `SetEnv ${Object.entries(sshd.hosts.build1.env).map(([k, v]) => `${k}=${v}`).join(' ')}`]);
    localEnv = localTessera(root, { hosts: { build1: 'build1', build2: 'build2' }, sshCommand: ['ssh', '-F', sshd.configFile], defaultShell: '/bin/sh' });
  }, REMOTE_TIMEOUT_MS);

  afterAll(async () => {
    await sshd?.stop();
    for (const env of [localEnv, ...Object.values(sshd?.hosts ?? {}).map((host) => ({ ...process.env, ...host.env }))]) {
      if (env) await run(process.execPath, [TESSERA_BIN, 'kill-server'], env);
    }
    fs.rmSync(root, { recursive: true, force: true });
  }, TEST_TIMEOUT_MS);

  it('reaches each alias with its own tessera directories, and tessera on the PATH there', async () => {
    for (const alias of ['build1', 'build2']) {
      const result = await run('ssh', ['-o', 'BatchMode=yes', ...sshd.sshArgs(alias), 'echo $TESSERA_STATE_DIR; tessera --version'], process.env);
      expect(result.code).toBe(0);
      const [stateDir, version] = result.stdout.trim().split('\n');
      expect(stateDir).toBe(sshd.hosts[alias].env.TESSERA_STATE_DIR);
      expect(version).toMatch(/^tessera \S+ \(protocol \d+\)$/);
    }
  }, TEST_TIMEOUT_MS);

  it('runs commands on each host\'s own server with -H: the output and exit status it gives there', async () => {
    expect(await tessera(['-H', 'build1', 'new', '-d', '-s', 'alpha', '--', 'cat'])).toMatchObject({ code: 0, stdout: 'alpha\n' });
    expect(await tessera(['-H', 'build2', 'new', '-d', '-s', 'beta', '--', 'cat'])).toMatchObject({ code: 0, stdout: 'beta\n' });
    const names = async (host: string) => (JSON.parse((await tessera(['-H', host, 'ls', '--json'])).stdout) as { name: string }[]).map((w) => w.name);
    expect(await names('build1')).toEqual(['alpha']);
    expect(await names('build2')).toEqual(['beta']);
    expect((await tessera(['ls', '--json'])).stdout.trim()).toBe('[]'); // this machine's own server has neither
    // The same command run there (on the same machine here, with that host's environment) prints the same.
    for (const command of [['list-panes'], ['ls'], ['kill-pane', '-t', '99'], ['send-keys', '-t', 'nosuch:1', 'x']]) {
      const through = await tessera(['-H', 'build1', ...command]);
      const there = await run(process.execPath, [TESSERA_BIN, ...command], { ...process.env, ...sshd.hosts.build1.env, HOME: os.homedir() });
      expect(through, command.join(' ')).toEqual(there);
    }
  }, TEST_TIMEOUT_MS);

  it('types into a remote pane and reads its screen back', async () => {
    await tessera(['-H', 'build2', 'new', '-d', '-s', 'typing', '--', 'cat']);
    const pane = (JSON.parse((await tessera(['-H', 'build2', 'list-panes', '-t', 'typing', '--json'])).stdout) as { id: number }[])[0].id;
    expect((await tessera(['-H', 'build2', 'send-keys', '-t', String(pane), 'over the link', 'Enter'])).code).toBe(0);
    const deadline = Date.now() + REMOTE_TIMEOUT_MS / 2;
    let screen = '';
    while (!screen.includes('over the link') && Date.now() < deadline) screen = (await tessera(['-H', 'build2', 'capture-pane', '-t', String(pane)])).stdout;
    expect(screen).toContain('over the link');
  }, TEST_TIMEOUT_MS);

  it('opens a remote workspace in this terminal: keys go there, frames come back through the link', async () => {
    const t = await attachedView('build1', 'shown', 'typed here, shown there');
    try {
      // The host's server was not offered this terminal's device or keyboard: it draws and reads through the link.
      const info = JSON.parse((await tessera(['-H', 'build1', 'server-info', '--json'])).stdout) as { clients: unknown[] };
      expect(info.clients).toEqual([expect.objectContaining({ workspace: 'shown', frames: 'socket', keys: 'socket' })]);
      t.write('\x1cd'); // the prefix, then d
      await t.waitFor('detached from workspace shown', REMOTE_TIMEOUT_MS / 2);
    } finally {
      t.dispose();
    }
    expect((JSON.parse((await tessera(['-H', 'build1', 'list-panes', '-t', 'shown', '--json'])).stdout) as unknown[]).length).toBe(1);
  }, TEST_TIMEOUT_MS);

  it('a view of a host whose link breaks says so and comes back by itself', async () => {
    const t = await attachedView('build2', 'kept', 'before the break');
    try {
      const ssh = childrenNamed(t.process.pid, 'ssh');
      expect(ssh).toHaveLength(1);
      process.kill(ssh[0], 'SIGKILL');
      await t.waitFor(/build2: the link broke \(ssh was ended by SIGKILL\)[\s\S]*reconnecting to build2 in 1 s/, REMOTE_TIMEOUT_MS / 2);
      // The same workspace again, as the server there kept it, and keys reach it.
      await t.waitFor('before the break', REMOTE_TIMEOUT_MS / 2);
      t.write('after the break\r');
      await t.waitFor('after the break', REMOTE_TIMEOUT_MS / 2);
    } finally {
      t.dispose();
    }
  }, TEST_TIMEOUT_MS);

  it("never hangs on a password or a host key: ssh's own reason and the fix", async () => {
    withHosts({ nokey: 'nokey', stranger: 'stranger' });
    const refused = await tessera(['-H', 'nokey', 'ls']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^tessera: nokey: \S+@127\.0\.0\.1: Permission denied \(publickey\)\.; tessera logs in with your ssh keys or agent, never a password: .*ssh-copy-id nokey/m);
    const unknown = await tessera(['-H', 'stranger', 'ls']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^tessera: stranger: Host key verification failed\.; ssh does not know stranger's host key: connect once with 'ssh stranger'/m);
    const typo = await tessera(['-H', 'nokye', 'ls']);
    expect(typo).toMatchObject({ code: 1, stderr: expect.stringMatching(/no host 'nokye' in the hosts setting \(the hosts are nokey, stranger\); did you mean 'nokey'/) });
  }, TEST_TIMEOUT_MS);

  it('reports a host without tessera and one of another protocol, and never sends the latter a message', async () => {
    const old = oldTessera();
    withHosts({ missing: { ssh: 'build1', tessera: '/nonexistent/tessera', server: 'x' }, old: { ssh: 'build2', tessera: old.program, server: 'x' } });
    const missing = await tessera(['-H', 'missing', 'new', '-d', '-s', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^tessera: missing: no tessera there \(.*(not found|No such file or directory)\); install tessera \S+ on build1, or set hosts\.missing\.tessera/m);
    const mismatch = await tessera(['-H', 'old', 'new', '-d', '-s', 'nope']);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toMatch(/^tessera: old: it runs tessera 0\.0\.1 \(protocol 1\), this is tessera \S+ \(protocol \d+\); install tessera \S+ on build2/m);
    // The fake kept everything it read until its link ended: nothing, not even the connect line.
    expect(fs.readFileSync(old.received, 'utf8')).toBe('');
  }, TEST_TIMEOUT_MS);

  it('tessera hosts tells each link apart; ls --all-hosts lists every host, naming the one it could not reach', async () => {
    const old = oldTessera();
    withHosts({ build1: 'build1', build2: 'build2', again: 'build1b', nokey: 'nokey', old: { ssh: 'build2', tessera: old.program, server: 'x' }, missing: { ssh: 'build1', tessera: '/nonexistent/tessera', server: 'x' } });
    const listed = await tessera(['hosts', '--json']);
    expect(listed.code).toBe(1);
    const states = Object.fromEntries((JSON.parse(listed.stdout) as { name: string; state: string; server: string | null; sameAs: string | null; reason: string | null }[]).map((h) => [h.name, h]));
    expect(states.build1).toMatchObject({ state: 'connected', server: 'running', sameAs: null });
    expect(states.build2).toMatchObject({ state: 'connected', server: 'running' });
    expect(states.again).toMatchObject({ state: 'connected', sameAs: 'build1' });
    expect(states.nokey).toMatchObject({ state: 'unreachable', reason: expect.stringContaining('Permission denied') });
    expect(states.old).toMatchObject({ state: 'version-mismatch' });
    expect(states.missing).toMatchObject({ state: 'not-installed' });
    // No server runs here: each host was reached now, and the output says so.
    expect(Object.values(states).every((h) => (h as { source?: string }).source === 'host')).toBe(true);
    expect((await tessera(['hosts'])).stdout).toMatch(/^no server runs here: each host reached now\nbuild1 \(build1\): connected/);

    withHosts({ build1: 'build1', build2: 'build2', nokey: 'nokey' });
    const all = await tessera(['ls', '--all-hosts', '--json']);
    expect(all.code).toBe(1);
    expect(all.stderr).toMatch(/^tessera: nokey: .*Permission denied/m);
    const rows = (JSON.parse(all.stdout) as { host: string | null; name: string }[]).map((w) => `${w.host}:${w.name}`);
    expect(rows).toEqual(expect.arrayContaining(['build1:alpha', 'build2:beta']));
    expect(rows.every((row) => !row.startsWith('nokey:'))).toBe(true);
    withHosts({ build1: 'build1', build2: 'build2' });
    const text = await tessera(['ls', '--all-hosts']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^build1:alpha: open 1 pane/m);
    expect(text.stdout).toMatch(/^build2:beta: open 1 pane/m);
  }, TEST_TIMEOUT_MS);

  it('the ssh process killed mid-command: a clear error naming the host, and the host keeps everything', async () => {
    withHosts({ build1: 'build1', build2: 'build2' });
    await tessera(['-H', 'build1', 'ls']); // its server runs: events does not start one
    const events = spawn(process.execPath, [TESSERA_BIN, '-H', 'build1', 'events', '--json'], { env: localEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    events.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    events.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => events.once('exit', (code) => resolve(code)));
    // An event seen through the link proves it is up (one made before it subscribed is not seen: make more).
    const deadline = Date.now() + REMOTE_TIMEOUT_MS / 2;
    for (let n = 1; !stdout.includes('"gamma') && events.exitCode === null && Date.now() < deadline; n++) {
      await tessera(['-H', 'build1', 'new', '-d', '-s', `gamma${n}`, '--', 'cat']);
    }
    expect(stdout, stderr).toContain('"gamma');
    const ssh = childrenNamed(events.pid as number, 'ssh');
    expect(ssh).toHaveLength(1);
    process.kill(ssh[0], 'SIGKILL');
    expect(await exited).toBe(1);
    expect(stderr).toMatch(/^tessera: build1: the link broke \(ssh was ended by SIGKILL\); the server there keeps running/m);
    expect((JSON.parse((await tessera(['-H', 'build1', 'ls', '--json'])).stdout) as { name: string }[]).map((w) => w.name)).toContain('gamma1');
  }, TEST_TIMEOUT_MS);
});

/** The local settings: these hosts (besides the sshCommand that reaches the test's sshd). */
function withHosts(hosts: Record<string, unknown>): void {
  fs.writeFileSync(path.join(localEnv.TESSERA_CONFIG_DIR as string, 'config.json'), JSON.stringify({ hosts, sshCommand: ['ssh', '-F', sshd.configFile], defaultShell: '/bin/sh' }));
}

/** A "tessera" of another protocol on the host: it greets as a bridge of protocol 1 and keeps whatever it is sent. */
function oldTessera(): { program: string; received: string } {
  const program = path.join(root, 'old-tessera');
  const received = path.join(root, 'old-tessera-received');
  const hello = JSON.stringify({ bridge: 1, version: '0.0.1', protocol: 1, cwd: '/', hostname: 'old', socket: '/tmp/old/default' });
  fs.writeFileSync(program, `#!/bin/sh\nprintf '%s\\n' 'tessera-bridge ${hello}'\nexec cat > '${received}'\n`, { mode: 0o755 });
  return { program, received };
}

/** Pids of the direct children of `pid` named `name`. */
function childrenNamed(pid: number, name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes(`(${name})`) && Number(fields[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A workspace made on `host` running cat, attached in a terminal here, with `typed` typed and shown. */
async function attachedView(host: string, workspace: string, typed: string): Promise<OuterTerminal> {
  withHosts({ build1: 'build1', build2: 'build2' });
  await tessera(['-H', host, 'new', '-d', '-s', workspace, '--', 'cat']);
  const t = new OuterTerminal(['-H', host, 'attach', '-t', workspace], { env: localEnv as Record<string, string>, cols: 100, rows: 30 });
  try {
    await t.waitFor(() => t.lines().some((line) => line.includes(workspace)), REMOTE_TIMEOUT_MS / 2);
    t.write(`${typed}\r`);
    await t.waitFor(typed, REMOTE_TIMEOUT_MS / 2);
  } catch (error) {
    t.dispose();
    throw error;
  }
  return t;
}

/** The local tessera (this machine's settings and server). */
function tessera(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [TESSERA_BIN, ...args], localEnv);
}
