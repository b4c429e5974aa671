// tessera host install through a real sshd (tests/helpers/testSshd.ts): a host without tessera gets
// this one's package, installed with its own npm into a prefix whose path has a space and a quote,
// and tessera -H then runs the installed copy there. A host whose PATH has node but no npm is told
// so, and nothing is installed. One install only (npm from its warm cache): it is the slow part.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESSERA_BIN } from '../helpers/outerTerminal.js';
import { localTessera, run } from '../helpers/remoteEnv.js';
import { TestSshd, sshdSkipReason } from '../helpers/testSshd.js';

const skip = sshdSkipReason();
if (skip) console.warn(`hostInstall tests skipped: ${skip}`);

/** npm pack here, then npm install there (dependencies from npm's cache when it has them): generous for a loaded machine. */
const INSTALL_TIMEOUT_MS = 480_000;
const TEST_TIMEOUT_MS = INSTALL_TIMEOUT_MS + 120_000;

let root: string;
let sshd: TestSshd;
/** A second sshd whose sessions' PATH has node (and sh) but no npm. */
let bare: TestSshd;
let localEnv: NodeJS.ProcessEnv;
/** Where build1 gets tessera: a path with a space and a quote, reached by the hosts setting through a link without them. */
let prefix: string;

const tessera = (args: string[], timeout?: number) => run(process.execPath, [TESSERA_BIN, ...args], localEnv, timeout);

describe.skipIf(skip !== undefined)('tessera host install, through a real sshd', () => {
  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-hostinstall-')));
    prefix = path.join(root, "it's a prefix");
    // The hosts setting takes a path without spaces: this link leads to the prefix.
    fs.symlinkSync(prefix, path.join(root, 'installed'));
    const nodeOnly = path.join(root, 'node-only');
    fs.mkdirSync(nodeOnly);
    fs.symlinkSync(process.execPath, path.join(nodeOnly, 'node'));
    fs.symlinkSync('/bin/sh', path.join(nodeOnly, 'sh'));
    [sshd, bare] = await Promise.all([TestSshd.start(root, ['build1']), TestSshd.start(path.join(root, 'bare'), ['bare'], { path: [nodeOnly] })]);
    // One ssh configuration for both sshds, as a user's own holds all their hosts.
    const config = path.join(root, 'ssh_config');
    fs.writeFileSync(config, `${fs.readFileSync(sshd.configFile, 'utf8')}\n${fs.readFileSync(bare.configFile, 'utf8')}`);
    localEnv = localTessera(root, {
      hosts: { build1: { ssh: 'build1', tessera: path.join(root, 'installed', 'bin', 'tessera') }, bare: { ssh: 'bare', tessera: path.join(root, 'never', 'bin', 'tessera') } },
      sshCommand: ['ssh', '-F', config],
      defaultShell: '/bin/sh',
    });
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    if (localEnv) await tessera(['-H', 'build1', 'kill-server']);
    await Promise.all([sshd?.stop(), bare?.stop()]);
    if (localEnv) await tessera(['kill-server']);
    fs.rmSync(root, { recursive: true, force: true });
  }, TEST_TIMEOUT_MS);

  it('installs this tessera on a host that has none, into a prefix with a space and a quote; -H then runs it there', async () => {
    const before = JSON.parse((await tessera(['hosts', '--json'])).stdout) as { name: string; state: string }[];
    expect(before.find((h) => h.name === 'build1')).toMatchObject({ state: 'not-installed' });
    const ours = (await run(process.execPath, [TESSERA_BIN, '--version'], process.env)).stdout.trim();

    const installed = await tessera(['host', 'install', 'build1', '--prefix', prefix], INSTALL_TIMEOUT_MS);
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    const lines = installed.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^build1 \\(build1\\): node v\\d+\\.\\d+\\.\\d+ \\(\\S+/node\\), npm \\d+\\.\\d+\\.\\d+; no tessera at ${escape(prefix)}/bin/tessera$`));
    expect(installed.stdout).toMatch(/^packed tessera-\S+\.tgz \(\d+\.\d MB\)$/m);
    const copied = /^copied \d+\.\d MB to build1:(\S+tessera-install\.\w+\/tessera\.tgz); npm is installing it there$/m.exec(installed.stdout);
    expect(copied).not.toBeNull();
    expect(installed.stdout).toContain(`installed ${prefix}/bin/tessera: ${ours} (npm: added `);
    expect(installed.stdout).toContain(`removed the copy there (${copied?.[1]})`);
    expect(fs.existsSync(path.dirname(copied?.[1] ?? '/'))).toBe(false);
    expect(lines.at(-2)).toBe(`tessera -H build1 reaches it: ${ours} on ${os.hostname()}`);

    // The installed copy serves there: its server runs from the prefix, not from this worktree.
    expect(await tessera(['-H', 'build1', 'new', '-d', '-s', 'there', '--', 'cat'])).toMatchObject({ code: 0, stdout: 'there\n' });
    expect((await tessera(['-H', 'build1', 'ls'])).stdout).toMatch(/^there: open 1 pane /);
    const info = JSON.parse((await tessera(['-H', 'build1', 'server-info', '--json'])).stdout) as { pid: number; version: string };
    expect(fs.readFileSync(`/proc/${info.pid}/cmdline`, 'utf8')).toContain(`${prefix}/lib/node_modules/tessera/dist/server/`);
    const after = JSON.parse((await tessera(['hosts', '--json'])).stdout) as { name: string; state: string; version: string }[];
    expect(after.find((h) => h.name === 'build1')).toMatchObject({ state: 'connected', version: info.version });

    // Once more, without --prefix: where the setting looks (the link), the same version is there, so nothing is packed or copied.
    const again = await tessera(['host', 'install', 'build1'], INSTALL_TIMEOUT_MS);
    expect(again.code).toBe(0);
    const link = path.join(root, 'installed');
    expect(again.stdout).toContain(`the folder: ${link}, where hosts.build1.tessera (${link}/bin/tessera) is ('--prefix DIR' chooses another)`);
    expect(again.stdout).toContain(`build1 has ${ours} already (${link}/bin/tessera): nothing to do ('--force' installs it again)`);
    expect(again.stdout).not.toContain('packing');
  }, TEST_TIMEOUT_MS);

  it('a host whose PATH has node but no npm is told so plainly, and nothing is installed there', async () => {
    const target = path.join(root, 'never');
    const result = await tessera(['host', 'install', 'bare', '--prefix', target]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tessera: bare: no npm on the PATH ssh commands get there \(node v\d+\.\d+\.\d+ is: \S+\/node-only\/node\); install npm there .*\(ssh bare 'echo \$PATH' shows that PATH; .*\); nothing was installed\n$/);
    expect(fs.existsSync(target)).toBe(false);
  }, TEST_TIMEOUT_MS);

  it('refuses a host that is not in the settings and a prefix that is not absolute, before reaching any host', async () => {
    expect(await tessera(['host', 'install', 'biuld1'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^tessera: no host 'biuld1' in the hosts setting \(the hosts are build1, bare\); did you mean 'build1'/) });
    expect(await tessera(['host', 'install', 'build1', '--prefix', 'relative/dir'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^tessera: --prefix must be an absolute path on the host, or ~\/…/) });
    expect(await tessera(['-H', 'build1', 'host', 'install', 'bare'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^tessera: 'host' does not work with -H/) });
  }, TEST_TIMEOUT_MS);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
