// A workspace's own running stack through the real binary: a repository whose .tessera.json declares
// a port and a service (a few lines of Node serving HTTP on TESSERA_PORT_WEB), two worktree
// workspaces up at once on their own ports, services that outlive kill-server, ports recorded and
// reused, a busy port stepped around, every candidate busy, a hung health check, a forking service
// ended by down, and a pid file whose pid now belongs to an unrelated process left alone.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readProcStat } from '../../src/pty/procStat.js';
import { TESSERA_BIN, TesseraSandbox, eventually, isAlive } from '../helpers/outerTerminal.js';
import { endStacks, makeStackRepo, randomPortBase, stackDir, stackWorktree, webStack as baseWebStack } from '../helpers/stackRepo.js';

let sandbox: TesseraSandbox;
let repo: string;
/** A base no other test uses at the same time (ports are base + slot + 100 × step). */
let base: number;
const servers: net.Server[] = [];
const children: ChildProcess[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox({ GIT_DIR: '/nonexistent/leaked-git-dir' });
  repo = path.join(fs.realpathSync(sandbox.root), 'app');
  base = randomPortBase();
});

afterEach(async () => {
  for (const server of servers.splice(0)) server.close();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  endStacks(sandbox);
  await sandbox.cleanup();
});

const makeRepo = (stack: Record<string, unknown>, files: Record<string, string> = {}): void => makeStackRepo(repo, stack, files);
const webStack = (extra: Record<string, unknown> = {}) => baseWebStack(base, extra);
const worktree = (name: string): Promise<string> => stackWorktree(sandbox, repo, name);

interface Runtime {
  slot: number;
  up: boolean;
  ports: Record<string, { port: number; listening: boolean }>;
  services: { name: string; alive: boolean; pid?: number; processes: number }[];
  lastBootError?: string;
}

async function runtime(workspace: string): Promise<Runtime> {
  return JSON.parse(await sandbox.cliOk(['runtime', '-t', workspace, '--json'])) as Runtime;
}

function get(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}/`, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
    servers.push(server);
  });
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('a workspace stack', () => {
  it('runs only once approved; two workspaces up at once on their own ports; they outlive kill-server; down ends them', async () => {
    makeRepo(webStack());
    await worktree('w1');
    await worktree('w2');

    const before = await sandbox.cli(['up', '-t', 'w1']);
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/\.tessera\.json is not approved yet, so nothing of it ran; 'tessera trust -t w1'/);
    expect(fs.existsSync(path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'stacks', 'w1', 'pids'))).toBe(false);
    const trust = (await sandbox.cli(['trust', '-t', 'w1'])).stdout;
    expect(trust).toContain('stack service web: node server.cjs');
    expect(trust).toContain('stack hook health: node health.cjs');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);

    const up1 = await sandbox.cli(['up', '-t', 'w1']);
    expect(up1.stderr).toBe('');
    expect(up1.code).toBe(0);
    const up2 = await sandbox.cli(['up', '-t', 'w2']);
    expect(up2.code).toBe(0);
    const r1 = await runtime('w1');
    const r2 = await runtime('w2');
    expect(r1.slot).not.toBe(r2.slot);
    const p1 = r1.ports.web.port;
    const p2 = r2.ports.web.port;
    expect([p1, p2]).toEqual([base + r1.slot, base + r2.slot]);
    // Each serves its own workspace, with its slot, and no GIT_DIR leaked from the server's environment.
    expect(await get(p1)).toBe(`w1 ${p1} slot ${r1.slot} git none\n`);
    expect(await get(p2)).toBe(`w2 ${p2} slot ${r2.slot} git none\n`);
    expect(r1).toMatchObject({ up: true, services: [{ name: 'web', alive: true }] });

    const ls = JSON.parse(await sandbox.cliOk(['ls', '--json'])) as { name: string; stack?: { up: boolean; services: { name: string; alive: boolean }[] } }[];
    expect(ls.find((w) => w.name === 'w1')?.stack).toEqual({ up: true, services: [{ name: 'web', alive: true }] });

    // The services are no children of the server: they keep serving when it is gone, and a new server sees them.
    await sandbox.cliOk(['kill-server']);
    expect(await get(p1)).toBe(`w1 ${p1} slot ${r1.slot} git none\n`);
    expect(await runtime('w1')).toMatchObject({ up: true, slot: r1.slot, ports: { web: { port: p1, listening: true } } });

    const logs = await sandbox.cliOk(['logs', 'web', '-t', 'w1']);
    expect(logs).toContain(`listening on ${p1}`);

    const down = await sandbox.cliOk(['down', '-t', 'w1']);
    expect(down).toMatch(/^stopped web \(\d+ process(es)?\)\n$/);
    expect(await refused(p1)).toBe(true);
    expect(await get(p2)).toBe(`w2 ${p2} slot ${r2.slot} git none\n`);
    expect(await runtime('w1')).toMatchObject({ up: false, services: [{ name: 'web', alive: false }] });
    // Down again: nothing of it runs, nothing is killed.
    expect(await sandbox.cliOk(['down', '-t', 'w1'])).toBe('workspace w1: no service was running\n');
    await sandbox.cliOk(['down', '-t', 'w2']);
  });

  it('records ports and reuses them; steps around a busy port; fails naming the holder when every candidate is busy', async () => {
    makeRepo(webStack());
    await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const slot = 1;
    // The preferred port is busy: the next candidate, 100 above.
    await listen(base + slot);
    await sandbox.cliOk(['up', '-t', 'w1']);
    const first = await runtime('w1');
    expect(first.slot).toBe(slot);
    expect(first.ports.web.port).toBe(base + slot + 100);
    await sandbox.cliOk(['down', '-t', 'w1']);

    // The preferred port is free again, but the recorded one is reused.
    (servers.shift() as net.Server).close();
    await eventually(() => refused(base + slot), (r) => r);
    await sandbox.cliOk(['up', '-t', 'w1']);
    expect((await runtime('w1')).ports.web.port).toBe(base + slot + 100);
    await sandbox.cliOk(['down', '-t', 'w1']);

    // Every candidate busy: up fails naming the holder of the preferred port.
    const holder = spawn(process.execPath, ['-e', `const s=require('node:net');for(let i=0;i<10;i++)s.createServer().listen(${base + slot}+i*100,'127.0.0.1');console.log('ready')`], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(holder);
    await new Promise((resolve) => holder.stdout?.once('data', resolve));
    const busy = await sandbox.cli(['up', '-t', 'w1']);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`port web: every candidate (${base + slot}, +100 … ) is busy; port ${base + slot} is held by pid ${holder.pid} (node)`);
  });

  it('ends a hung health check at its time limit and leaves the services running', async () => {
    makeRepo(webStack({ hooks: { health: `sh -c 'sleep 600; : hung-health-${base}'` }, healthTimeoutSeconds: 2 }));
    await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const up = await sandbox.cli(['up', '-t', 'w1']);
    expect(up.code).toBe(1);
    expect(up.stderr).toContain('up failed: the health check did not pass within 2 s: health did not finish within 2 s and was ended; every service still runs');
    const r = await runtime('w1');
    expect(r.services).toMatchObject([{ name: 'web', alive: true }]);
    expect(r.lastBootError).toContain('the health check did not pass');
    // The hung hook itself was ended.
    expect(execFileSync('ps', ['-eo', 'args']).toString()).not.toContain(`hung-health-${base}`);
  });

  it("ends a service that forked and exited; leaves alone a process that got a pid file's pid", async () => {
    makeRepo(
      { ports: { web: base }, services: { web: { command: './fork.sh', port: 'web' } }, healthTimeoutSeconds: 20 },
      { 'fork.sh': '#!/bin/sh\nnode server.cjs &\nexit 0\n' },
    );
    await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    await sandbox.cliOk(['up', '-t', 'w1']);
    const r = await runtime('w1');
    const port = r.ports.web.port;
    expect(await get(port)).toMatch(/^w1 /);
    // The leader (the script) exited; its child still serves and is counted as the service.
    expect(r.services[0]).toMatchObject({ alive: true, processes: 1 });
    expect(isAlive(r.services[0].pid as number)).toBe(false);

    // A pid file for another service naming an unrelated live process that started at another time.
    // A session leader of its own, as a service's leader would be: only its start time tells it apart.
    const stranger = spawn('sleep', ['600'], { stdio: 'ignore', detached: true });
    children.push(stranger);
    const pids = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'stacks', 'w1', 'pids');
    const realStart = readProcStat(stranger.pid as number)?.startTime as number;
    fs.writeFileSync(path.join(pids, 'old.json'), JSON.stringify({ pid: stranger.pid, startTime: realStart - 1, command: 'x', started: '' }));
    expect((await runtime('w1')).services.find((s) => s.name === 'old')).toMatchObject({ alive: false, processes: 0 });

    const down = await sandbox.cliOk(['down', '-t', 'w1']);
    expect(down).toContain('stopped web (1 process)');
    expect(down).toContain('stopped old (0 processes)');
    expect(await refused(port)).toBe(true);
    expect(isAlive(stranger.pid as number)).toBe(true);
  });

  it('refuses an up while another up of the same workspace runs', async () => {
    makeRepo(webStack({ hooks: { boot: 'sleep 5', health: 'node health.cjs' } }));
    await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const first = sandbox.cli(['up', '-t', 'w1']);
    const log = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'stacks', 'w1', 'logs', 'hook-boot.log');
    await eventually(() => fs.existsSync(log), (found) => found);
    const second = await sandbox.cli(['up', '-t', 'w1']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("an up or hook of workspace w1's stack is under way");
    expect((await first).code).toBe(0);
    await sandbox.cliOk(['down', '-t', 'w1']);
  });

  it('down during an up ends the up first: its boot is ended and no service starts; so does Ctrl-C on the up', async () => {
    makeRepo(webStack({ hooks: { boot: `echo building; sleep 600; : up-boot-${base}`, health: 'node health.cjs' } }));
    await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const log = path.join(stackDir(sandbox, 'w1'), 'logs', 'hook-boot.log');
    const booting = () => execFileSync('ps', ['-eo', 'args']).toString().includes(`up-boot-${base}`);
    const first = sandbox.cli(['up', '-t', 'w1']);
    await eventually(booting, (runs) => runs);
    const down = await sandbox.cliOk(['down', '-t', 'w1']);
    expect(down).toBe('ended the up of workspace w1 that was under way\nworkspace w1: no service was running\n');
    expect(booting()).toBe(false);
    const up = await first;
    expect(up.code).toBe(1);
    expect(up.stderr).toContain('up failed: up was ended: tessera down stopped it');
    expect(fs.readFileSync(log, 'utf8')).toContain('building\n--- ended: tessera down stopped it\n');
    expect((await runtime('w1')).services).toMatchObject([{ name: 'web', alive: false }]);

    // Ctrl-C on the up's command line ends it the same way.
    const second = spawn(process.execPath, [TESSERA_BIN, '-L', sandbox.socketName, 'up', '-t', 'w1'], { env: sandbox.env, stdio: 'ignore' });
    children.push(second);
    await eventually(booting, (runs) => runs);
    second.kill('SIGINT');
    await eventually(booting, (runs) => !runs);
    await eventually(() => runtime('w1'), (r) => r.lastBootError === 'up was ended: the command that ran it was interrupted');
    expect((await runtime('w1')).services).toMatchObject([{ name: 'web', alive: false }]);
  });

  it('up --no-build skips the boot hook', async () => {
    makeRepo(webStack({ hooks: { boot: 'echo built >> built.txt', health: 'node health.cjs' } }));
    const dir = await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    await sandbox.cliOk(['up', '-t', 'w1', '--no-build']);
    expect((await runtime('w1')).up).toBe(true);
    expect(fs.existsSync(path.join(dir, 'built.txt'))).toBe(false);
    await sandbox.cliOk(['down', '-t', 'w1']);
    await sandbox.cliOk(['up', '-t', 'w1']);
    expect(fs.readFileSync(path.join(dir, 'built.txt'), 'utf8')).toBe('built\n');
    await sandbox.cliOk(['down', '-t', 'w1']);
  });

  it('keeps the slot across reset, frees it on rm (stopping the services); profile check exits non-zero on a problem', async () => {
    makeRepo(webStack());
    await worktree('w1');
    await worktree('w2');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    await sandbox.cliOk(['up', '-t', 'w1']);
    await sandbox.cliOk(['up', '-t', 'w2']);
    const r1 = await runtime('w1');
    await sandbox.cliOk(['reset', '-t', 'w1', '--yes']);
    expect((await runtime('w1')).slot).toBe(r1.slot);
    await sandbox.cliOk(['rm', '-t', 'w1', '--yes', '--force']);
    expect(await refused(r1.ports.web.port)).toBe(true);
    await worktree('w3');
    await sandbox.cliOk(['up', '-t', 'w3']);
    expect((await runtime('w3')).slot).toBe(r1.slot);
    await sandbox.cliOk(['down', '-t', 'w2']);
    await sandbox.cliOk(['down', '-t', 'w3']);

    fs.writeFileSync(path.join(repo, '.tessera.json'), JSON.stringify({ stack: { hooks: { deploy: 'x' } } }));
    const check = await sandbox.cli(['profile', 'check', repo]);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe(`${repo}/.tessera.json: stack.hooks: unknown hook 'deploy' (known: bootstrap, boot, health, migrate, seed, ci-gate, e2e, regen, db-create, db-drop)\n`);
    expect((await sandbox.cli(['profile', 'check'], { cwd: path.join(sandbox.env.TESSERA_WORKSPACE_ROOT, 'app', 'w2') })).code).toBe(0);
  });

  it('seeds .env from the source repository per workspace, names its database, runs a hook; a changed profile asks again', async () => {
    makeRepo(
      webStack({
        hooks: { health: 'node health.cjs', seed: 'echo seeding $TESSERA_DB_NAME' },
        data: { dbPrefix: 'app_w', envFiles: [{ path: '.env', rewrite: { PORT: '${TESSERA_PORT_WEB}', DB: '${TESSERA_DB_NAME}' }, preserve: ['SECRET'] }] },
      }),
    );
    // Untracked in the source repository: a worktree does not check it out.
    fs.writeFileSync(path.join(repo, '.env'), 'PORT=1\nSECRET=example\n');
    const dir = await worktree('w1');
    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    const hook = await sandbox.cli(['hook', 'seed', '-t', 'w1']);
    const { slot, ports } = await runtime('w1');
    expect(hook).toEqual({ code: 0, stdout: `seeding app_w${slot}\n`, stderr: '' });
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe(`PORT=${ports.web.port}\nSECRET=example\nDB=app_w${slot}\n`);
    fs.writeFileSync(path.join(dir, '.env'), 'SECRET=mine\n');
    await sandbox.cliOk(['hook', 'seed', '-t', 'w1']);
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe(`PORT=${ports.web.port}\nSECRET=mine\nDB=app_w${slot}\n`);

    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ stack: webStack({ hooks: { health: 'node health.cjs', seed: 'echo changed' } }) }));
    const changed = await sandbox.cli(['hook', 'seed', '-t', 'w1']);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(/\.tessera\.json is not approved yet, so nothing of it ran/);
  });
});
