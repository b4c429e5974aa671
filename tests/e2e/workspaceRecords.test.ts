// Workspaces that outlive the server: records written as things change, dormant after kill-server or
// kill -9, started again (once) in the same layout and folders, damaged records moved aside.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
const terminals: OuterTerminal[] = [];

function open(args: string[], cwd = sandbox.root, size = { cols: 100, rows: 30 }): OuterTerminal {
  const t = new OuterTerminal(['-L', sandbox.socketName, ...args], { env: sandbox.env, cwd, ...size });
  terminals.push(t);
  return t;
}

interface LsEntry {
  name: string;
  kind: string;
  path: string;
  state: 'open' | 'dormant';
  panes: number;
  lastOpened: string | null;
}

async function ls(): Promise<LsEntry[]> {
  return JSON.parse(await sandbox.cliOk(['ls', '--json'])) as LsEntry[];
}

function recordFile(name: string, server = sandbox.socketName): string {
  return path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', server, 'workspaces', `${name}.json`);
}

async function serverPid(): Promise<number> {
  return (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;
}

function project(...parts: string[]): string {
  const dir = path.join(fs.realpathSync(sandbox.root), 'proj', ...parts);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

describe('workspace records', () => {
  it('lists every workspace dormant after kill-server and starts its panes again in the same layout and folders', async () => {
    const dir = project();
    const sub = project('sub');
    await sandbox.cliOk(['new', '-d', '-s', 'demo', '-c', dir]);
    await sandbox.cliOk(['split', '-t', '1', '--right', '-d', '-c', sub]);
    await sandbox.cliOk(['resize-pane', '-t', '1', '--right', '10']);
    const before = await sandbox.listPanes();
    // The record follows soon after the change.
    await eventually(() => fs.existsSync(recordFile('demo')) && (JSON.parse(fs.readFileSync(recordFile('demo'), 'utf8')) as { layout?: { weights?: number[] } }).layout?.weights?.[0], (w) => typeof w === 'number' && w !== 1);
    await sandbox.cliOk(['kill-server']);

    const listed = await ls();
    expect(listed).toMatchObject([{ name: 'demo', kind: 'adopted', path: dir, state: 'dormant', panes: 2 }]);
    expect(await sandbox.listPanes()).toEqual([]); // nothing started by listing

    const t = open(['attach', '-t', 'demo'], sandbox.root, { cols: 80, rows: 24 });
    await t.waitFor(PROMPT_PATTERN);
    const after = await eventually(() => sandbox.listPanes(), (p) => p.length === 2 && p.every((x) => x.rect !== null));
    expect(after.map((p) => p.rect)).toEqual(before.map((p) => p.rect));
    // Each pane is back in its own last folder (checked by the shell: long paths wrap in narrow panes).
    t.write(`[ "$PWD" = ${dir} ] && echo left-in-place\r`);
    await t.waitFor('left-in-place');
    await sandbox.cliOk(['send-keys', '-t', String(after[1].id), '--literal', `[ "$PWD" = ${sub} ] && echo sub-ok`]);
    await sandbox.cliOk(['send-keys', '-t', String(after[1].id), 'Enter']);
    await t.waitFor('sub-ok');
    expect((await ls())[0].state).toBe('open');
  });

  it('keeps records through kill -9 and starts a workspace once when two clients open it at the same moment', async () => {
    const dir = project();
    await sandbox.cliOk(['new', '-d', '-s', 'crashy', '-c', dir]);
    await sandbox.cliOk(['split', '-t', '1', '--down', '-d']);
    await eventually(() => fs.existsSync(recordFile('crashy')) && JSON.parse(fs.readFileSync(recordFile('crashy'), 'utf8')).panes.length, (n) => n === 2);
    process.kill(await serverPid(), 'SIGKILL');
    await eventually(() => sandbox.cli(['server-info']), (r) => r.code !== 0);

    const a = open(['attach', '-t', 'crashy']);
    const b = open(['attach', '-t', 'crashy']);
    await a.waitFor(PROMPT_PATTERN);
    await b.waitFor(PROMPT_PATTERN);
    const panes = await sandbox.listPanes();
    expect(panes).toHaveLength(2);
  });

  it('keeps a workspace whose last pane closed listed, and opens it with one new shell', async () => {
    const dir = project();
    const t = open(['new', '-s', 'short', '-c', dir]);
    await t.waitFor(PROMPT_PATTERN);
    t.write('exit\r');
    expect(await t.exited).toBe(0);
    await t.waitFor('stays listed');
    expect(await ls()).toMatchObject([{ name: 'short', state: 'dormant', panes: 0 }]);
    const again = open(['attach', '-t', 'short']);
    await again.waitFor(PROMPT_PATTERN);
    expect(await sandbox.listPanes()).toHaveLength(1);
  });

  it('opens the workspace that owns the current folder, and adopts a folder nobody owns', async () => {
    const app = project('app');
    const inside = project('app', 'src');
    const sibling = project('app-old');
    await sandbox.cliOk(['new', '-d', '-s', 'app', '-c', app]);
    const t = open([], inside);
    await t.waitFor(PROMPT_PATTERN);
    await t.waitFor(() => t.lines()[29].includes('app'));
    expect((await ls()).map((w) => w.name)).toEqual(['app']);
    t.write('\x1cd');
    await t.exited;
    const u = open([], sibling);
    await u.waitFor(PROMPT_PATTERN);
    const names = (await ls()).map((w) => w.name).sort();
    expect(names).toEqual(['app', 'app-old']);
    const adopted = (await ls()).find((w) => w.name === 'app-old');
    expect(adopted).toMatchObject({ kind: 'adopted', path: sibling });
  });

  it('moves a damaged record aside and says so in ls, the log and the status bar; the others still work', async () => {
    const dir = project();
    await sandbox.cliOk(['new', '-d', '-s', 'good', '-c', dir]);
    await sandbox.cliOk(['kill-server']);
    fs.writeFileSync(recordFile('broken'), '{"version": 1, "name": "broken", "kin');
    // ls without a server reads the records and says the file is damaged; the server moves it aside.
    const result = await sandbox.cli(['ls']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^good: dormant/m);
    expect(result.stderr).toMatch(/broken\.json is damaged: it is not valid JSON.*the server moves it aside when it starts/);
    const t = open(['attach', '-t', 'good']);
    await t.waitFor(PROMPT_PATTERN);
    await t.waitFor('moved aside');
    const withServer = await sandbox.cli(['ls']);
    expect(withServer.stdout).toMatch(/^good: open/m);
    const aside = fs.readdirSync(path.dirname(recordFile('broken'))).filter((n) => n.startsWith('broken.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(recordFile('broken')), aside[0]), 'utf8')).toContain('"kin');
    const log = fs.readFileSync(path.join(sandbox.env.TESSERA_TMPDIR, `tessera-${process.getuid?.() ?? 0}`, `${sandbox.socketName}.log`), 'utf8');
    expect(log).toMatch(/broken\.json was moved aside: it is not valid JSON.*kept in .*broken\.json\.corrupt-/);
  });

  it('keeps the records of two servers apart', async () => {
    const dir = project();
    await sandbox.cliOk(['new', '-d', '-s', 'same', '-c', dir]);
    const b = await new Promise<string>((resolve, reject) => {
      import('node:child_process').then(({ execFile }) =>
        execFile(process.execPath, [path.resolve('bin/tessera.js'), '-L', 'other', 'new', '-d', '-s', 'same', '-c', dir], { env: sandbox.env }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr)) : resolve(stdout),
        ),
      );
    });
    expect(b.trim()).toBe('same');
    expect(fs.existsSync(recordFile('same', 'other'))).toBe(true);
    expect(fs.existsSync(recordFile('same'))).toBe(true);
    await new Promise((resolve) => import('node:child_process').then(({ execFile }) => execFile(process.execPath, [path.resolve('bin/tessera.js'), '-L', 'other', 'kill-server'], { env: sandbox.env }, resolve)));
  });

  it('gives every pane its workspace name, folder, slot and ports', async () => {
    sandbox.writeSettings({ ports: { web: 39000 } });
    const dir = project();
    await sandbox.cliOk(['new', '-d', '-s', 'first', '-c', dir]);
    await sandbox.cliOk(['new', '-d', '-s', 'second', '-c', dir, '--', 'sh', '-c', 'echo "env=$TESSERA_WORKSPACE:$TESSERA_WORKSPACE_DIR:$TESSERA_SLOT:$TESSERA_PORT_WEB"; sleep 600']);
    const pane = (await sandbox.listPanes()).find((p) => p.workspace === 'second');
    const screen = await eventually(() => sandbox.capturePane(String(pane?.id)), (s) => s.includes('env='));
    expect(screen).toContain(`env=second:${dir}:2:39002`);
  });
});
