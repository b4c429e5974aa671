// Upgrades that keep agents running: a server of this build hands every pane to a server of another
// build (another version and protocol, built from these sources into a folder of its own, as a user
// installing a new version gets). Every pane's program is the same process afterwards, its screen
// and scrollback are there, it still answers, the layout and workspaces are the same, and clients of
// the new version attach. A new server that crashes at start leaves the old one serving everything.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/protocol/messages.js';
import { VERSION } from '../../src/version.js';
import { buildOtherVersion, type OtherBuild, type SourcePatch } from '../helpers/otherBuild.js';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, WAIT_TIMEOUT_MS, eventually, isAlive, type PaneJson } from '../helpers/outerTerminal.js';

/** Building the other version takes seconds, more on a loaded machine. */
const BUILD_TIMEOUT_MS = 600_000;
/** A test runs dozens of commands of two builds (each a node start): minutes on a loaded machine. */
const TEST_TIMEOUT_MS = 300_000;
const NEXT_VERSION = `${VERSION}-next`;

/**
 * Hooks in the next version's sources, for this file only: its server waits for a file before it
 * says `ready` (so a test can connect while the old server holds everything), or fails right after
 * it started reading the PTYs (the last moment it can fail).
 */
const TEST_HOOKS: SourcePatch[] = [
  {
    file: 'src/server/handover/takeOverServer.ts',
    pattern: /^ {2}old\.send\(\{ t: 'ready',/m,
    replacement: "  while (process.env.TESSERA_TEST_READY_GATE && !fs.existsSync(process.env.TESSERA_TEST_READY_GATE)) await new Promise((r) => setTimeout(r, 20));\n  old.send({ t: 'ready',",
  },
  {
    file: 'src/server/handover/takeOverServer.ts',
    pattern: /^ {2}for \(const pty of ptys\.values\(\)\) pty\.start\(\);$/m,
    replacement: "  for (const pty of ptys.values()) pty.start();\n  if (process.env.TESSERA_TEST_FAIL_SERVING) throw new Error('the test made it fail after it took the PTYs');",
  },
];

let root: string;
let next: OtherBuild;
/** An install of the next version whose server dies as it starts (a broken install). */
let broken: string;
let sandbox: TesseraSandbox;

beforeAll(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-upgrade-')));
  next = await buildOtherVersion(root, { version: NEXT_VERSION, protocol: PROTOCOL_VERSION + 1, patches: TEST_HOOKS });
  const brokenRoot = path.join(root, 'broken');
  fs.mkdirSync(brokenRoot);
  for (const entry of ['bin', 'dist', 'package.json']) fs.cpSync(path.join(next.dist, '..', entry), path.join(brokenRoot, entry), { recursive: true });
  fs.symlinkSync(path.join(next.dist, '..', 'node_modules'), path.join(brokenRoot, 'node_modules'));
  fs.writeFileSync(path.join(brokenRoot, 'dist/server/server.cjs'), "throw new Error('this install of tessera is broken');\n");
  broken = path.join(brokenRoot, 'bin/tessera.js');
}, BUILD_TIMEOUT_MS);

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const terminals: OuterTerminal[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

/** A sandbox of its own for a test that needs variables in the server's environment (the hooks above). */
async function sandboxWith(env: Record<string, string>): Promise<void> {
  await sandbox.cleanup();
  sandbox = new TesseraSandbox(env);
}

/** Sockets a process holds (its accepted connections among them). */
function socketsOf(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;
}

async function serverLog(): Promise<string> {
  const dir = path.join(sandbox.env.TESSERA_TMPDIR, fs.readdirSync(sandbox.env.TESSERA_TMPDIR)[0]);
  return fs.readFileSync(path.join(dir, `${sandbox.socketName}.log`), 'utf8');
}

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

/** `tessera ARGS` of another build (its bin/tessera.js) on the sandbox's server. */
function runBuild(bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, '-L', sandbox.socketName, ...args], { env: sandbox.env, cwd: sandbox.root, timeout: WAIT_TIMEOUT_MS * 4 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function nextOk(args: string[]): Promise<string> {
  const result = await runBuild(next.bin, args);
  if (result.code !== 0) throw new Error(`tessera (next) ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

/** A terminal running `tessera ARGS` of a build (this one by default). */
function open(args: string[], bin?: string): OuterTerminal {
  const options = { env: sandbox.env, cwd: sandbox.root, cols: 100, rows: 30 };
  const t = bin === undefined ? new OuterTerminal(['-L', sandbox.socketName, ...args], options) : new OuterTerminal([bin, '-L', sandbox.socketName, ...args], { ...options, file: process.execPath });
  terminals.push(t);
  return t;
}

/** What must not change across an upgrade, pane by pane. */
function shape(panes: PaneJson[]): unknown[] {
  return panes.map((p) => ({ id: p.id, workspace: p.workspace, pid: p.pid, title: p.title, rect: p.rect, focused: p.focused, cols: p.cols, rows: p.rows }));
}

/** A pane's screen through `bin`'s capture-pane; this build's plain one straight from the socket (it is polled), as the CLI prints it. */
async function capture(bin: string | undefined, pane: number, args: string[] = []): Promise<string> {
  if (bin === undefined && args.length === 0) return sandbox.capturePane(String(pane));
  const argv = ['capture-pane', '-t', String(pane), ...args];
  return bin === undefined ? sandbox.cliOk(argv) : nextOk(argv);
}

/** Two workspaces: one shown in an attached client (three panes, one renamed), one detached; each pane printed a marker and a long scrollback. */
async function twoWorkspaces(): Promise<{ attached: OuterTerminal; panes: PaneJson[] }> {
  const dirA = path.join(sandbox.root, 'alpha');
  const dirB = path.join(sandbox.root, 'beta');
  fs.mkdirSync(dirA);
  fs.mkdirSync(dirB);
  const attached = open(['new', '-s', 'alpha', '-c', dirA]);
  await attached.waitFor(PROMPT_PATTERN);
  await sandbox.cliOk(['split', '-t', 'alpha:0', '--right']);
  await sandbox.cliOk(['split', '-t', 'alpha:1', '--down']);
  await sandbox.cliOk(['rename-pane', '-t', 'alpha:0', 'the agent']);
  await sandbox.cliOk(['new', '-d', '-s', 'beta', '-c', dirB]);
  await sandbox.cliOk(['split', '-t', 'beta:0', '--down']);
  const panes = await sandbox.listPanes();
  expect(panes).toHaveLength(5);
  for (const pane of panes) {
    await eventually(() => capture(undefined, pane.id), (text) => PROMPT_PATTERN.test(text));
    await sandbox.cliOk(['send-keys', '-t', String(pane.id), `seq 1 400 | sed 's/^/scroll-${pane.id}-/'; echo marker-$((${pane.id} * 1000))`, 'Enter']);
  }
  for (const pane of panes) await eventually(() => capture(undefined, pane.id), (text) => text.includes(`\nmarker-${pane.id * 1000}`));
  return { attached, panes: await sandbox.listPanes() };
}

describe('tessera upgrade', () => {
  it('hands every pane to the new version: the same processes, screens, scrollback, layout and workspaces; clients of the new version attach', async () => {
    const { attached, panes } = await twoWorkspaces();
    const workspacesBefore = await sandbox.cliOk(['ls']);
    const oldPid = (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;

    // Commands of either version keep working while the handover runs: they wait, then reach the new server.
    const during = Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? runBuild(next.bin, ['list-panes']) : sandbox.cli(['display-message', '-p', '#{pane}'])));
    const upgraded = await runBuild(next.bin, ['upgrade']);
    expect(upgraded.stderr).toBe('');
    expect(upgraded.code).toBe(0);
    expect(upgraded.stdout).toMatch(new RegExp(`^moved the server from tessera ${VERSION.replace(/\./g, '\\.')} \\(pid ${oldPid}\\) to tessera ${NEXT_VERSION.replace(/\./g, '\\.')} .*: 2 open workspaces, 5 panes, 5 programs still running\\n$`));
    for (const result of await Promise.all(during)) expect(result, result.stderr).toMatchObject({ code: 0 });

    // The client of the old version is told what happened, in one line, and its terminal given back.
    await attached.waitFor(`the server is now tessera ${NEXT_VERSION}; run 'tessera' to attach again`);
    await eventually(() => attached.exitCode, (code) => code === 0);
    await eventually(() => isAlive(oldPid), (alive) => !alive);

    const info = JSON.parse(await nextOk(['server-info', '--json'])) as { version: string; protocol: number; pid: number; takenOver: { version: string; pid: number } };
    expect(info).toMatchObject({ version: NEXT_VERSION, protocol: PROTOCOL_VERSION + 1, takenOver: { version: VERSION, pid: oldPid } });
    const after = JSON.parse(await nextOk(['list-panes', '--json'])) as PaneJson[];
    expect(shape(after)).toEqual(shape(panes));
    for (const pane of panes) expect(isAlive(pane.pid as number)).toBe(true);
    expect(await nextOk(['ls'])).toBe(workspacesBefore);

    for (const pane of after) {
      const screen = await capture(next.bin, pane.id);
      expect(screen).toContain(`\nmarker-${pane.id * 1000}\n`);
      const history = await capture(next.bin, pane.id, ['-S', '-']);
      expect(history).toContain(`scroll-${pane.id}-1\n`); // the scrollback's first line, long gone from the screen
      // The shell answers, and it is the same shell ($$ is its pid).
      await nextOk(['send-keys', '-t', String(pane.id), `echo answer-$((${pane.id} * 7))-$$`, 'Enter']);
      await eventually(() => capture(next.bin, pane.id), (text) => text.includes(`answer-${pane.id * 7}-${pane.pid}`));
    }

    // A client of the new version attaches and shows the panes as they were.
    const client = open(['attach', '-t', 'alpha'], next.bin);
    await client.waitFor(`answer-${after[0].id * 7}-${after[0].pid}`);
    await client.waitFor('the agent');
    // A client of the old version is told it is the older one, in one line.
    // (Its last output can reach the outer terminal after its exit is seen: the line is waited for, not read at the exit.)
    const old = open(['attach', '-t', 'alpha']);
    await old.waitFor(() => old.lines().join('').includes('this tessera is older than the server; use the newer tessera'));
    await eventually(() => old.exitCode, (code) => code !== undefined);
  }, TEST_TIMEOUT_MS);

  it('moves the server by itself when a client of the new version attaches, and every pane goes on running', async () => {
    const dir = path.join(sandbox.root, 'gamma');
    fs.mkdirSync(dir);
    await sandbox.cliOk(['new', '-d', '-s', 'gamma', '-c', dir]);
    await sandbox.cliOk(['split', '-t', 'gamma:0', '--right']);
    const before = await sandbox.listPanes();
    for (const pane of before) {
      await eventually(() => capture(undefined, pane.id), (text) => PROMPT_PATTERN.test(text));
      await sandbox.cliOk(['send-keys', '-t', String(pane.id), `echo before-$((${pane.id} + 40))`, 'Enter']);
      await eventually(() => capture(undefined, pane.id), (text) => text.includes(`\nbefore-${pane.id + 40}`));
    }
    const client = open(['attach', '-t', 'gamma'], next.bin);
    await client.waitFor(`before-${before[0].id + 40}`);
    const info = JSON.parse(await nextOk(['server-info', '--json'])) as { version: string };
    expect(info.version).toBe(NEXT_VERSION);
    // The same panes and processes (the client's terminal is larger: the panes took its size).
    const same = (panes: PaneJson[]) => panes.map((p) => ({ id: p.id, pid: p.pid, title: p.title, workspace: p.workspace }));
    expect(same(JSON.parse(await nextOk(['list-panes', '--json'])) as PaneJson[])).toEqual(same(before));
    client.write('echo typed-$((40 + 2))\r');
    await client.waitFor('typed-42');
  }, TEST_TIMEOUT_MS);

  it('a new server that crashes as it starts leaves the old one serving every pane, and says why', async () => {
    const { attached, panes } = await twoWorkspaces();
    const oldInfo = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number; version: string };
    const failed = await runBuild(broken, ['upgrade']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('the new server did not take over');
    expect(failed.stderr).toContain('this install of tessera is broken');
    expect(failed.stderr).toContain(`every pane goes on running in this one (tessera ${VERSION})`);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);

    expect(JSON.parse(await sandbox.cliOk(['server-info', '--json']))).toMatchObject({ pid: oldInfo.pid, version: VERSION });
    expect(shape(await sandbox.listPanes())).toEqual(shape(panes));
    // The attached client is still attached and drawn: what it types reaches its pane and echoes back.
    attached.write('echo still-here-$((6 * 7))\r');
    await attached.waitFor('still-here-42');
    for (const pane of panes) {
      expect(await capture(undefined, pane.id)).toContain(`marker-${pane.id * 1000}`);
      await sandbox.cliOk(['send-keys', '-t', String(pane.id), 'echo alive-$$', 'Enter']);
      await eventually(() => capture(undefined, pane.id), (text) => text.includes(`alive-${pane.pid}`));
    }
    // And a working new version still moves it afterwards.
    expect((await runBuild(next.bin, ['upgrade'])).code).toBe(0);
    expect(shape(JSON.parse(await nextOk(['list-panes', '--json'])) as PaneJson[])).toEqual(shape(panes));
  }, TEST_TIMEOUT_MS);

  it('a client that connects while everything is held waits, and is answered by the new server', async () => {
    const gate = path.join(os.tmpdir(), `tessera-upgrade-gate-${process.pid}-${Date.now()}`);
    await sandboxWith({ TESSERA_TEST_READY_GATE: gate });
    try {
      const dir = path.join(sandbox.root, 'delta');
      fs.mkdirSync(dir);
      await sandbox.cliOk(['new', '-d', '-s', 'delta', '-c', dir]);
      const before = await sandbox.listPanes();
      const oldPid = (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;
      const upgrading = runBuild(next.bin, ['upgrade']);
      await eventually(serverLog, (log) => log.includes('to take them over'));
      // The old server holds everything and the new one waits at the gate: these connect and wait.
      const sockets = socketsOf(oldPid);
      const oldClient = sandbox.cli(['server-info', '--json']);
      const newClient = runBuild(next.bin, ['list-panes', '--json']);
      await eventually(() => socketsOf(oldPid), (count) => count >= sockets + 2);
      fs.writeFileSync(gate, '');
      expect((await upgrading).code).toBe(0);
      const answered = await oldClient;
      expect(answered.code, answered.stderr).toBe(0);
      expect(JSON.parse(answered.stdout)).toMatchObject({ version: NEXT_VERSION, takenOver: { pid: oldPid } });
      const listed = await newClient;
      expect(listed.code, listed.stderr).toBe(0);
      expect(shape(JSON.parse(listed.stdout) as PaneJson[])).toEqual(shape(before));
      expect(await serverLog()).toMatch(/upgrade: .*passed on 2 connections/);
    } finally {
      fs.rmSync(gate, { force: true });
    }
  }, TEST_TIMEOUT_MS);

  it('a new server that fails after it began reading the PTYs gives them back: the old one serves every pane again', async () => {
    await sandboxWith({ TESSERA_TEST_FAIL_SERVING: '1' });
    const { attached, panes } = await twoWorkspaces();
    const oldPid = (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;
    const failed = await runBuild(next.bin, ['upgrade']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('the test made it fail after it took the PTYs');
    expect(failed.stderr).toContain('every pane goes on running in this one');
    // Its clients had been told to attach again; the panes did not notice.
    await attached.waitFor("run 'tessera' to attach again");
    expect(JSON.parse(await sandbox.cliOk(['server-info', '--json']))).toMatchObject({ pid: oldPid, version: VERSION });
    expect(shape(await sandbox.listPanes())).toEqual(shape(panes));
    for (const pane of panes) {
      await sandbox.cliOk(['send-keys', '-t', String(pane.id), 'echo back-$$', 'Enter']);
      await eventually(() => capture(undefined, pane.id), (text) => text.includes(`back-${pane.pid}`));
    }
    const again = open(['attach', '-t', 'alpha']);
    await again.waitFor(`back-${panes[0].pid}`);
  }, TEST_TIMEOUT_MS);
});
