// Other machines' workspaces in this machine's strip and switcher, through a real sshd
// (tests/helpers/testSshd.ts): the local server keeps a link to each host, follows its events and shows
// its workspaces as HOST:NAME, kept live; a link that breaks shows as reconnecting and comes back; a
// host that sends garbage is shown as down without holding up the others.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OuterTerminal, TESSERA_BIN, eventually } from '../helpers/outerTerminal.js';
import { ASKING_AGENT, askingAgentSetting } from '../helpers/askingAgent.js';
import { REMOTE_TIMEOUT_MS, localTessera, run } from '../helpers/remoteEnv.js';
import { TestSshd, sshdSkipReason } from '../helpers/testSshd.js';

const skip = sshdSkipReason();
if (skip) console.warn(`hostView tests skipped: ${skip}`);

const TEST_TIMEOUT_MS = 400_000;
/** While this file exists (under the test's root), host flaky's tessera does not start: its link stays down. */
const FLAKY_FLAG = 'flaky-down';

let root: string;
let sshd: TestSshd;
let localEnv: NodeJS.ProcessEnv;

const tessera = (args: string[]) => run(process.execPath, [TESSERA_BIN, ...args], localEnv);

/** `tessera ARGS` here, which must succeed; a failure names the command and what it printed on stderr. */
async function tesseraOk(args: string[]): Promise<string> {
  const result = await tessera(args);
  expect(result.code, `tessera ${args.join(' ')} exited with ${result.code}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** A "tessera" that greets as this one's bridge, accepts the connect, then sends bytes that are no frame of the protocol. */
async function garbageTessera(): Promise<string> {
  const protocol = Number(/\(protocol (\d+)\)/.exec((await run(process.execPath, [TESSERA_BIN, '--version'], process.env)).stdout)?.[1]);
  const program = path.join(root, 'garbage-tessera');
  const hello = JSON.stringify({ bridge: 1, version: 'x', protocol, cwd: '/', hostname: 'junk', socket: '/tmp/junk/default' });
  fs.writeFileSync(program, `#!/bin/sh\nprintf '%s\\n' 'tessera-bridge ${hello}'\nread line\nprintf '%s\\n' '{"t":"ready"}'\nprintf 'GARBAGE \\033[2J not a frame\\n'\nexec cat > /dev/null\n`, { mode: 0o755 });
  return program;
}

/**
 * This machine's `tessera events --since 0` (JSON unless `format` is given) until its output contains `until`;
 * JSON lines are parsed, text is returned as it came.
 */
async function localEvents(until: string): Promise<Record<string, unknown>[]>;
async function localEvents(until: string, format: string[]): Promise<string>;
async function localEvents(until: string, format = ['--json']): Promise<Record<string, unknown>[] | string> {
  const reader = spawn(process.execPath, [TESSERA_BIN, 'events', '--since', '0', ...format], { env: localEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  reader.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    await eventually(() => out, (text) => text.includes(until) || reader.exitCode !== null, REMOTE_TIMEOUT_MS);
  } finally {
    reader.kill();
  }
  return format.length > 0 ? out.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) : out;
}

/** Pids of the processes whose parent is `pid`, named `name`, with `arg` among their arguments (and no argument containing `unless`). */
function children(pid: number, name: string, arg: string, unless?: string): number[] {
  return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const excluded = unless !== undefined && args.some((a) => a.includes(unless));
      return stat.includes(`(${name})`) && parent === pid && args.includes(arg) && !excluded ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

describe.skipIf(skip !== undefined)('other machines in the local strip and switcher', () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-hostview-'));
    sshd = await TestSshd.start(root, ['build1', 'build2']);
    const junk = { ssh: 'build2', tessera: await garbageTessera(), server: 'junk' };
    // build2 knows an agent that asks before each task (as in approvalsCommand.test.ts).
    const agent = path.join(root, 'helper-agent');
    fs.writeFileSync(agent, ASKING_AGENT, { mode: 0o755 });
    fs.mkdirSync(sshd.hosts.build2.env.TESSERA_CONFIG_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(sshd.hosts.build2.env.TESSERA_CONFIG_DIR, 'config.json'),
      JSON.stringify({ customAgents: [askingAgentSetting(agent)] }),
    );
    // flaky: build1 again (a server of its own there), through a tessera that waits while FLAKY_FLAG exists, so a broken link stays down until a test lets it up.
    const flakyTessera = path.join(root, 'flaky-tessera');
    fs.writeFileSync(flakyTessera, `#!/bin/sh\nwhile [ -e '${path.join(root, FLAKY_FLAG)}' ]; do sleep 0.1; done\nexec tessera "$@"\n`, { mode: 0o755 });
    const flaky = { ssh: 'build1', tessera: flakyTessera, server: 'flaky' };
    // nokey: build1's sshd with a key it does not know (ssh's own 'Permission denied').
    const wrongKey = path.join(root, 'sshd', 'wrong_key');
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', wrongKey], process.env);
    sshd.addAlias('nokey', [`IdentityFile ${wrongKey}`, 'IdentitiesOnly yes', `UserKnownHostsFile ${path.join(root, 'sshd', 'known_hosts')}`]);
    localEnv = localTessera(root, { hosts: { build1: 'build1', build2: 'build2', junk, flaky }, sshCommand: ['ssh', '-F', sshd.configFile], defaultShell: '/bin/sh' });
  }, REMOTE_TIMEOUT_MS);

  afterAll(async () => {
    await tessera(['kill-server']);
    await sshd?.stop();
    // Each host's own server, and build1's second one (host flaky's), which a link may have started again after its test.
    for (const host of Object.values(sshd?.hosts ?? {})) {
      await run(process.execPath, [TESSERA_BIN, 'kill-server'], { ...process.env, ...host.env });
      await run(process.execPath, [TESSERA_BIN, '-L', 'flaky', 'kill-server'], { ...process.env, ...host.env });
    }
    fs.rmSync(root, { recursive: true, force: true });
  }, TEST_TIMEOUT_MS);

  it('shows each host\'s workspaces as HOST:NAME, follows their events, and a broken link as reconnecting until it is back', async () => {
    await tesseraOk(['-H', 'build1', 'new', '-d', '-s', 'alpha', '--', 'cat']);
    await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'beta', '--', 'cat']);
    const t = new OuterTerminal(['new', '-s', 'here', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 200, rows: 30 });
    try {
      await t.waitFor(/● 1 here +● build1:alpha +● build2:beta/, REMOTE_TIMEOUT_MS);
      // The host that sends garbage is shown as down with why; the others are listed all the same.
      await t.waitFor('junk reconnecting', REMOTE_TIMEOUT_MS);
      expect(t.text()).not.toContain('GARBAGE');

      // A workspace made there appears here by its host's event.
      await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'gamma', '--', 'cat']);
      await t.waitFor(/build2:beta +● build2:gamma/, REMOTE_TIMEOUT_MS);
      // And this server's own event stream has it, tagged with its host (replayed from the start, then stopped).
      expect(await localEvents('"workspace":"gamma"')).toContainEqual(expect.objectContaining({ kind: 'workspace-created', workspace: 'gamma', host: 'build2' }));
      expect(await localEvents('build2:gamma', [])).toMatch(/^\d+ \S+ workspace-created build2:gamma$/m);

      // The switcher lists them with their host and folder there (choosing one opens it: the test below).
      t.write('\x1cg');
      await t.waitFor(/build2:gamma .*on build2: /, REMOTE_TIMEOUT_MS / 2);
      t.write('\x1b');
      await t.waitFor(() => !t.text().includes('Switch to a workspace'), REMOTE_TIMEOUT_MS / 2);

      // The link to build1 breaks: shown as reconnecting, then build1's workspaces again.
      const server = (JSON.parse((await tessera(['server-info', '--json'])).stdout) as { pid: number }).pid;
      // (host flaky is build1 too, through another tessera: its link is not this one)
      const links = children(server, 'ssh', 'build1', 'flaky-tessera');
      expect(links).toHaveLength(1);
      process.kill(links[0], 'SIGKILL');
      await t.waitFor('build1 reconnecting', REMOTE_TIMEOUT_MS);
      await t.waitFor('build1:alpha', REMOTE_TIMEOUT_MS);
      expect(children(server, 'ssh', 'build1', 'flaky-tessera')).toHaveLength(1);
    } finally {
      t.dispose();
    }
  }, TEST_TIMEOUT_MS);

  it('lists a question asked on build2 in the local inbox and approvals; y there answers it on build2', async () => {
    await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'asks', '--', 'cat']);
    const pane = Number((await tessera(['-H', 'build2', 'new-pane', '-t', 'asks', '--agent', 'helper'])).stdout.trim());
    const status = async () => (JSON.parse((await tessera(['-H', 'build2', 'list-panes', '-t', 'asks', '--json'])).stdout) as { id: number; status: string }[]).find((p) => p.id === pane)?.status;
    await eventually(status, (s) => s === 'idle', REMOTE_TIMEOUT_MS);
    const t = new OuterTerminal(['new', '-s', 'asker', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 200, rows: 30 });
    try {
      await t.waitFor('build2:asks', REMOTE_TIMEOUT_MS);
      await tesseraOk(['-H', 'build2', 'send-keys', '-t', String(pane), 'one', 'Enter']);
      // tessera approvals here names the host; its id is the one build2 gave.
      const listed = await eventually(async () => JSON.parse((await tessera(['approvals', '--json'])).stdout) as { id: string; host?: string; workspace: string; pane: number; question: string }[], (l) => l.length > 0, REMOTE_TIMEOUT_MS);
      expect(listed).toEqual([expect.objectContaining({ host: 'build2', workspace: 'asks', pane, question: 'Allow this command? touch one (y/n)' })]);
      expect((await tessera(['approvals'])).stdout).toContain(`${listed[0].id}  build2:asks:${pane} (helper)`);

      t.write('\x1ci');
      await t.waitFor(/helper +build2:asks:\d+ .*Allow this command\? touch one/, REMOTE_TIMEOUT_MS / 2);
      t.write('y');
      await t.waitFor('allowed: pane', REMOTE_TIMEOUT_MS / 2);
      const screen = await eventually(async () => (await tessera(['-H', 'build2', 'capture-pane', '-t', String(pane)])).stdout, (text) => text.includes('ran: one'), REMOTE_TIMEOUT_MS);
      expect(screen).toContain('ran: one');
      await eventually(async () => (await tessera(['approvals'])).stdout, (text) => text === 'no question is waiting\n', REMOTE_TIMEOUT_MS);
    } finally {
      t.dispose();
    }
  }, TEST_TIMEOUT_MS);

  it("the inbox's Enter on build2's question shows build2's view of that pane here; detaching comes back, and n answers only that question", async () => {
    await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'jumps', '--', 'cat']);
    const pane = Number((await tessera(['-H', 'build2', 'new-pane', '-t', 'jumps', '--agent', 'helper'])).stdout.trim());
    const panes = async () => JSON.parse((await tessera(['-H', 'build2', 'list-panes', '-t', 'jumps', '--json'])).stdout) as { id: number; status: string; focused: boolean }[];
    await eventually(panes, (list) => list.find((p) => p.id === pane)?.status === 'idle', REMOTE_TIMEOUT_MS);
    // Another pane made after it has the focus there: the view must focus the question's.
    await tesseraOk(['-H', 'build2', 'new-pane', '-t', 'jumps', '--', 'cat']);
    expect((await panes()).find((p) => p.id === pane)?.focused).toBe(false);
    const t = new OuterTerminal(['new', '-s', 'inboxhome', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 200, rows: 30 });
    try {
      await t.waitFor(/● \d inboxhome .*build2:jumps/, REMOTE_TIMEOUT_MS);
      await tesseraOk(['-H', 'build2', 'send-keys', '-t', String(pane), 'jumped', 'Enter']);
      t.write('\x1ci');
      await t.waitFor(/helper +build2:jumps:\d+ .*touch jumped/, REMOTE_TIMEOUT_MS / 2);
      t.write('\r');
      // build2's server draws now: its strip (jumps, no inboxhome), the question's pane focused there.
      await t.waitFor(() => /● \d jumps/.test(t.text()) && !t.text().includes('inboxhome'), REMOTE_TIMEOUT_MS);
      expect((await panes()).find((p) => p.id === pane)?.focused).toBe(true);
      expect(t.exitCode).toBeUndefined();

      // Detaching there: this machine's workspace again, in the same client; the question still waits.
      t.write('\x1cd');
      await t.waitFor(/● \d inboxhome .*build2:jumps/, REMOTE_TIMEOUT_MS);
      expect(t.exitCode).toBeUndefined();
      t.write('\x1ci');
      await t.waitFor(/helper +build2:jumps:\d+ .*touch jumped/, REMOTE_TIMEOUT_MS / 2);
      t.write('n');
      await t.waitFor('denied: pane', REMOTE_TIMEOUT_MS / 2);
      await eventually(async () => (await tessera(['-H', 'build2', 'capture-pane', '-t', String(pane)])).stdout, (text) => text.includes('refused: jumped'), REMOTE_TIMEOUT_MS);
    } finally {
      t.dispose();
      await tessera(['rm', '-t', 'inboxhome', '--yes']);
      await tessera(['-H', 'build2', 'rm', '-t', 'jumps', '--yes']);
    }
  }, TEST_TIMEOUT_MS);

  it('opens a host\'s workspace from the local switcher: keys go there, frames come back, detaching there comes back here', async () => {
    await tesseraOk(['-H', 'build1', 'new', '-d', '-s', 'farview', '--', 'cat']);
    const t = new OuterTerminal(['new', '-s', 'homeview', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    try {
      await t.waitFor(/● \d homeview .*● build1:farview/, REMOTE_TIMEOUT_MS);
      await chooseInSwitcher(t, 'build1:farview');
      // build1's server draws now: its own strip (farview, no homeview, no host entries), through the link.
      await t.waitFor(() => /● \d farview/.test(t.text()) && !t.text().includes('homeview'), REMOTE_TIMEOUT_MS);
      t.write('typed-far\r');
      await t.waitFor(/typed-far[\s\S]*typed-far/, REMOTE_TIMEOUT_MS / 2);
      const there = await eventually(async () => (await tessera(['-H', 'build1', 'capture-pane', '-t', 'farview:0'])).stdout, (text) => text.includes('typed-far'), REMOTE_TIMEOUT_MS);
      expect(there).toContain('typed-far');

      // Detaching there: the same client shows this machine's workspace again, and keys come here.
      t.write('\x1cd');
      await t.waitFor(/● \d homeview .*● build1:farview/, REMOTE_TIMEOUT_MS);
      expect(t.exitCode).toBeUndefined();
      t.write('typed-near\r');
      await t.waitFor(/typed-near[\s\S]*typed-near/, REMOTE_TIMEOUT_MS / 2);
      const here = await eventually(async () => (await tessera(['capture-pane', '-t', 'homeview:0'])).stdout, (text) => text.includes('typed-near'), REMOTE_TIMEOUT_MS);
      expect(here).toContain('typed-near');
      const farPane = (await tessera(['-H', 'build1', 'capture-pane', '-t', 'farview:0'])).stdout;
      expect(farPane).not.toContain('typed-near');
    } finally {
      t.dispose();
      await removeWorkspaces(['homeview'], ['farview']);
    }
  }, TEST_TIMEOUT_MS);

  it('comes back to the most recent workspace here, saying so, when the one it showed was removed meanwhile', async () => {
    await tesseraOk(['-H', 'build1', 'new', '-d', '-s', 'while', '--', 'cat']);
    await tesseraOk(['new', '-d', '-s', 'stays', '--', 'cat']);
    const t = new OuterTerminal(['new', '-s', 'leaves', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    try {
      await t.waitFor(/● \d leaves .*● build1:while/, REMOTE_TIMEOUT_MS);
      await chooseInSwitcher(t, 'build1:while');
      await t.waitFor(() => /● \d while/.test(t.text()) && !t.text().includes('leaves'), REMOTE_TIMEOUT_MS);
      await tesseraOk(['rm', '-t', 'leaves', '--yes']);
      t.write('\x1cd');
      await t.waitFor('workspace leaves is gone', REMOTE_TIMEOUT_MS);
      expect(t.text()).toMatch(/● \d \S+ .*● build1:while/);
      expect(t.exitCode).toBeUndefined();
    } finally {
      t.dispose();
      await removeWorkspaces(['stays', 'leaves'], ['while']);
    }
  }, TEST_TIMEOUT_MS);

  it('attach -t HOST:NAME here is -H HOST attach -t NAME: the host\'s workspace in this terminal, detaching ends it', async () => {
    await tesseraOk(['-H', 'build1', 'new', '-d', '-s', 'byname', '--', 'cat']);
    const t = new OuterTerminal(['attach', '-t', 'build1:byname'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    try {
      await t.waitFor(/● \d byname/, REMOTE_TIMEOUT_MS);
      t.write('typed-byname\r');
      await t.waitFor(/typed-byname[\s\S]*typed-byname/, REMOTE_TIMEOUT_MS / 2);
      t.write('\x1cd');
      expect(await t.exited).toBe(0);
      expect(t.output).toContain('detached from workspace byname');
      expect((await tessera(['-H', 'build1', 'capture-pane', '-t', 'byname:0'])).stdout).toContain('typed-byname');
    } finally {
      t.dispose();
      await removeWorkspaces([], ['byname']);
    }
  }, TEST_TIMEOUT_MS);

  it('lands back in the local view with ssh\'s reason when the link to the host cannot be made', async () => {
    await tesseraOk(['-H', 'build1', 'new', '-d', '-s', 'unreached', '--', 'cat']);
    // This client's own settings reach build1 on a closed port (the server's, which list it, do not).
    const clientConfig = path.join(root, 'client-config');
    fs.mkdirSync(clientConfig, { recursive: true });
    const settings = JSON.parse(fs.readFileSync(path.join(localEnv.TESSERA_CONFIG_DIR ?? '', 'config.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(clientConfig, 'config.json'), JSON.stringify({ ...settings, sshCommand: ['ssh', '-F', sshd.configFile, '-o', 'Port=1'] }));
    // The server runs with the settings that reach build1 (a workspace made starts it when none runs).
    await tesseraOk(['new', '-d', '-s', 'reaches', '--', 'cat']);
    const t = new OuterTerminal(['new', '-s', 'staysput', '--', 'cat'], { env: { ...localEnv, TESSERA_CONFIG_DIR: clientConfig } as Record<string, string>, cols: 240, rows: 30 });
    try {
      await t.waitFor(/● \d staysput .*● build1:unreached/, REMOTE_TIMEOUT_MS);
      await chooseInSwitcher(t, 'build1:unreached');
      await t.waitFor(/build1:unreached could not be shown: build1: .*Connection refused/, REMOTE_TIMEOUT_MS);
      expect(t.text()).toMatch(/● \d staysput/);
      expect(t.exitCode).toBeUndefined();
      t.write('still-here\r');
      await t.waitFor(/still-here[\s\S]*still-here/, REMOTE_TIMEOUT_MS / 2);
    } finally {
      t.dispose();
      await removeWorkspaces(['staysput', 'reaches'], ['unreached']);
    }
  }, TEST_TIMEOUT_MS);

  it("a host's view whose link is down sends no key anywhere and Ctrl-C does not end the client; the view comes back, or the prefix and d comes back here", async () => {
    const flag = path.join(root, FLAKY_FLAG);
    await tesseraOk(['-H', 'flaky', 'new', '-d', '-s', 'wobbly', '--', 'cat']);
    const t = new OuterTerminal(['new', '-s', 'steady', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    const reconnecting = 'reconnecting to flaky in 1 s';
    const breaks = () => t.output.split(reconnecting).length - 1;
    /** Keeps flaky down and breaks the view's link (its ssh, a child of this client). */
    const breakLink = async () => {
      const before = breaks();
      fs.writeFileSync(flag, '');
      const links = children(t.process.pid, 'ssh', 'build1');
      expect(links).toHaveLength(1);
      process.kill(links[0], 'SIGKILL');
      await t.waitFor(() => breaks() > before, REMOTE_TIMEOUT_MS / 2);
    };
    try {
      await t.waitFor(/● \d steady .*● flaky:wobbly/, REMOTE_TIMEOUT_MS);
      await chooseInSwitcher(t, 'flaky:wobbly');
      await t.waitFor(() => /● \d wobbly/.test(t.text()) && !t.text().includes('steady'), REMOTE_TIMEOUT_MS);

      await breakLink();
      t.write('lost-keys\x03');
      await t.waitFor(() => t.output.includes('keys typed now are not sent anywhere; C-\\ d goes back to steady'), REMOTE_TIMEOUT_MS / 2);
      expect(t.exitCode).toBeUndefined();
      // The link is let up: the view comes back, and only what is typed now reaches the pane there.
      fs.rmSync(flag);
      await t.waitFor(() => /● \d wobbly/.test(t.text()) && !t.text().includes('steady'), REMOTE_TIMEOUT_MS);
      t.write('after-back\r');
      const there = await eventually(async () => (await tessera(['-H', 'flaky', 'capture-pane', '-t', 'wobbly:0'])).stdout, (text) => text.includes('after-back'), REMOTE_TIMEOUT_MS);
      expect(there).not.toContain('lost-keys');

      // Down again: the prefix, then d, stops trying and shows this machine's workspace in the same client.
      await breakLink();
      t.write('\x1cd');
      await t.waitFor(/● \d steady .*flaky/, REMOTE_TIMEOUT_MS);
      expect(t.exitCode).toBeUndefined();
      t.write('near-again\r');
      await t.waitFor(/near-again[\s\S]*near-again/, REMOTE_TIMEOUT_MS / 2);
    } finally {
      fs.rmSync(flag, { force: true });
      t.dispose();
      await tessera(['rm', '-t', 'steady', '--yes']);
      await tessera(['-H', 'flaky', 'kill-server']);
    }
  }, TEST_TIMEOUT_MS);

  it("tessera hosts says the links of the server running here, as its strip shows them: connected, reconnecting, unreachable with ssh's reason, not-installed", async () => {
    const configFile = path.join(localEnv.TESSERA_CONFIG_DIR ?? '', 'config.json');
    const saved = fs.readFileSync(configFile, 'utf8');
    const settings = JSON.parse(saved) as { hosts: Record<string, unknown> };
    const t = new OuterTerminal(['new', '-s', 'linkshere', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    type Listed = { name: string; state: string; reason: string | null; fix: string | null; server: string | null; source: string; retryInSeconds: number | null };
    const hostsNow = async () => {
      const result = await tessera(['hosts', '--json']);
      return Object.fromEntries((JSON.parse(result.stdout) as Listed[]).map((h) => [h.name, h]));
    };
    try {
      await t.waitFor(/● \d linkshere/, REMOTE_TIMEOUT_MS);
      fs.writeFileSync(configFile, JSON.stringify({ ...settings, hosts: { ...settings.hosts, nokey: 'nokey', missing: { ssh: 'build1', tessera: '/nonexistent/tessera', server: 'x' } } }));
      await tesseraOk(['reload']);
      const states = await eventually(hostsNow, (h) => h.nokey?.state === 'unreachable' && h.missing?.state === 'not-installed' && h.build1?.state === 'connected' && h.junk?.state === 'reconnecting', REMOTE_TIMEOUT_MS);
      expect(states.build1).toMatchObject({ state: 'connected', server: 'running', source: 'server', reason: null, retryInSeconds: null });
      expect(states.nokey).toMatchObject({ source: 'server', reason: expect.stringContaining('Permission denied (publickey)'), fix: expect.stringContaining('ssh-copy-id nokey') });
      expect(states.nokey.retryInSeconds).toEqual(expect.any(Number));
      expect(states.missing).toMatchObject({ source: 'server', reason: expect.stringMatching(/no tessera there/) });
      // junk's bridge sends garbage once connected: the link broke, and is tried again.
      expect(states.junk).toMatchObject({ source: 'server', reason: expect.any(String) });
      const text = await tessera(['hosts']);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/^the links of the server here \(pid \d+\), as its strip shows them:\n/);
      expect(text.stdout).toMatch(/^nokey \(nokey\): unreachable: .*Permission denied \(publickey\).*\(trying again in \d+ s\)$/m);
      expect(text.stdout).toMatch(/^build1 \(build1\): connected, tessera \S+ on \S+, server running$/m);
    } finally {
      fs.writeFileSync(configFile, saved);
      await tessera(['reload']);
      t.dispose();
      await tessera(['rm', '-t', 'linkshere', '--yes']);
    }
  }, TEST_TIMEOUT_MS);

  it("a question waiting on build2 counts in the status bar's need-you count and is notified here once, with TESSERA_HOST in notifyCommand's environment", async () => {
    const configFile = path.join(localEnv.TESSERA_CONFIG_DIR ?? '', 'config.json');
    const saved = fs.readFileSync(configFile, 'utf8');
    const log = path.join(root, 'notified.log');
    const notify = path.join(root, 'notify-here');
    fs.writeFileSync(notify, `#!/bin/sh\nprintf '%s %s %s %s %s\\n' "$TESSERA_EVENT" "$TESSERA_HOST" "$TESSERA_WORKSPACE" "$TESSERA_PANE" "$TESSERA_QUESTION_ID" >> '${log}'\n`, { mode: 0o755 });
    await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'pings', '--', 'cat']);
    const pane = Number((await tessera(['-H', 'build2', 'new-pane', '-t', 'pings', '--agent', 'helper'])).stdout.trim());
    await eventually(async () => (JSON.parse((await tessera(['-H', 'build2', 'list-panes', '-t', 'pings', '--json'])).stdout) as { id: number; status: string }[]).find((p) => p.id === pane)?.status, (s) => s === 'idle', REMOTE_TIMEOUT_MS);
    const t = new OuterTerminal(['new', '-s', 'pinged', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    type Notifications = { sent: number; pending: number };
    const notifications = async () => (JSON.parse((await tessera(['server-info', '--json'])).stdout) as { notifications: Notifications }).notifications;
    try {
      await t.waitFor(/● \d pinged .*build2:pings/, REMOTE_TIMEOUT_MS);
      fs.writeFileSync(configFile, JSON.stringify({ ...JSON.parse(saved), notifyCommand: [notify], notifyDelay: 0 }));
      await tesseraOk(['reload']);
      const before = (await notifications()).sent;
      // Panes of earlier tests may need you already (a turn finished there): the count must grow by this question.
      const needYou = () => Number(/(\d+) needs? you/.exec(t.text())?.[1] ?? 0);
      const neededBefore = needYou();
      await tesseraOk(['-H', 'build2', 'send-keys', '-t', String(pane), 'ping', 'Enter']);
      const listed = await eventually(async () => JSON.parse((await tessera(['approvals', '--json'])).stdout) as { id: string; host?: string }[], (l) => l.some((q) => q.host === 'build2'), REMOTE_TIMEOUT_MS);
      const id = listed.find((q) => q.host === 'build2')?.id;
      await t.waitFor(() => needYou() > neededBefore, REMOTE_TIMEOUT_MS / 2);
      await eventually(() => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''), (text) => text !== '', REMOTE_TIMEOUT_MS);
      // Another event of build2 lists its questions again: the same question is not notified twice.
      await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'pings2', '--', 'cat']);
      await t.waitFor('build2:pings2', REMOTE_TIMEOUT_MS);
      expect(await notifications()).toMatchObject({ sent: before + 1, pending: 0 });
      expect(fs.readFileSync(log, 'utf8')).toBe(`question build2 pings ${pane} ${id}\n`);
    } finally {
      fs.writeFileSync(configFile, saved);
      await tessera(['reload']);
      t.dispose();
      await tessera(['rm', '-t', 'pinged', '--yes']);
      for (const name of ['pings', 'pings2']) await tessera(['-H', 'build2', 'rm', '-t', name, '--yes']);
    }
  }, TEST_TIMEOUT_MS);

  // Last: it gives build1 a hosts setting of its own.
  it("a view of a host's workspace opens nothing for that host: its own hosts' workspaces are only named with the -H command", async () => {
    fs.mkdirSync(sshd.hosts.build1.env.TESSERA_CONFIG_DIR, { recursive: true });
    fs.writeFileSync(path.join(sshd.hosts.build1.env.TESSERA_CONFIG_DIR, 'config.json'), JSON.stringify({ hosts: { build2: 'build2' }, sshCommand: ['ssh', '-F', sshd.configFile] }));
    await tesseraOk(['-H', 'build2', 'new', '-d', '-s', 'deeper', '--', 'cat']);
    await tesseraOk(['-H', 'build1', 'new', '-d', '-s', 'middle', '--', 'cat']);
    const t = new OuterTerminal(['new', '-s', 'top', '--', 'cat'], { env: localEnv as Record<string, string>, cols: 240, rows: 30 });
    try {
      await t.waitFor(/● \d top .*● build1:middle/, REMOTE_TIMEOUT_MS);
      await chooseInSwitcher(t, 'build1:middle');
      // build1's view, whose strip lists build2's workspaces through build1's own link.
      await t.waitFor(() => /● \d middle/.test(t.text()) && t.text().includes('build2:deeper') && !t.text().includes('top'), REMOTE_TIMEOUT_MS);
      await chooseInSwitcher(t, 'build2:deeper');
      await t.waitFor("this client cannot open it here: 'tessera -H build2 attach -t deeper' shows it", REMOTE_TIMEOUT_MS / 2);
      expect(t.text()).toMatch(/● \d middle/);
      t.write('\x1cd');
      await t.waitFor(/● \d top .*● build1:middle/, REMOTE_TIMEOUT_MS);
      expect(t.exitCode).toBeUndefined();
    } finally {
      t.dispose();
      await removeWorkspaces(['top'], ['middle']);
    }
  }, TEST_TIMEOUT_MS);
});

/** Removes this machine's workspaces and build1's a test made, so the strip keeps room for the next test's names. */
async function removeWorkspaces(here: string[], onBuild1: string[]): Promise<void> {
  for (const name of here) await tessera(['rm', '-t', name, '--yes']);
  for (const name of onBuild1) await tessera(['-H', 'build1', 'rm', '-t', name, '--yes']);
}

/** Opens the switcher, narrows it to `name` and chooses it. */
async function chooseInSwitcher(t: OuterTerminal, name: string): Promise<void> {
  t.write('\x1cg');
  await t.waitFor(new RegExp(`${name} .*on ${name.split(':')[0]}: `), REMOTE_TIMEOUT_MS / 2);
  t.write(name);
  await t.waitFor(`Search ${name}`, REMOTE_TIMEOUT_MS / 2);
  t.write('\r');
}
