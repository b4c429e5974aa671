// The pure parts of `tessera host install`: the command line, the Node range, what a host lacks.

import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/commands/argParser.js';
import { hostInstall, hostInstallArgs } from '../../../src/cli/commands/hostInstall.js';
import { HostLinkError } from '../../../src/remote/hostLinkError.js';
import { hostFacts, whatHostLacks } from '../../../src/remote/install/hostNeeds.js';
import { notReached, prefixOfSetting } from '../../../src/remote/install/installOnHost.js';
import { nodeVersionInRange, parseNodeVersion } from '../../../src/remote/install/nodeRange.js';
import { thisPackage } from '../../../src/remote/install/thisPackage.js';
import type { HostTarget } from '../../../src/remote/sshCommand.js';

const args = (...argv: string[]) => hostInstallArgs(parseArgs(argv, hostInstall.flags, { maxPositionals: hostInstall.maxPositionals }));

describe('tessera host install: its command line', () => {
  it('takes a host, an absolute or ~/ prefix, and --force', () => {
    expect(args('install', 'build1')).toEqual({ host: 'build1', prefix: undefined, force: false });
    expect(args('install', 'build1', '--prefix', "/opt/it's here", '--force')).toEqual({ host: 'build1', prefix: "/opt/it's here", force: true });
    expect(args('install', 'build1', '--prefix=~/.local')).toMatchObject({ prefix: '~/.local' });
  });

  it('refuses anything else with the usage', () => {
    expect(() => args()).toThrow(/^usage: tessera host install HOST/);
    expect(() => args('uninstall', 'build1')).toThrow(/there is no 'host uninstall'/);
    expect(() => args('install')).toThrow(/needs the name of a host/);
    expect(() => args('install', 'build1', '--prefix', 'rel/dir')).toThrow(/--prefix must be an absolute path/);
    expect(() => args('install', 'build1', '--prefix', '~other/dir')).toThrow(/--prefix must be an absolute path/);
    expect(() => args('install', 'build1', '--prefix', '/opt/a\nb')).toThrow(/control characters/);
    expect(() => args('install', 'build1', '--prefix', '/opt/\x1b[2Jx')).toThrow(UsageError);
    expect(() => args('install', 'build1', '--prefix', `/${'x'.repeat(1100)}`)).toThrow(/longer than/);
    expect(() => args('install', 'build1', 'extra')).toThrow(/unexpected argument 'extra'/);
  });
});

describe("a host's Node against the engines range", () => {
  const range = '>=20.11 <25';
  it.each([
    ['v20.11.0', true],
    ['v20.10.9', false],
    ['v18.19.1', false],
    ['v22.3.0', true],
    ['v24.99.1', true],
    ['v25.0.0', false],
  ])('%s in >=20.11 <25: %s', (version, inRange) => {
    expect(nodeVersionInRange(parseNodeVersion(version) ?? [0, 0, 0], range)).toBe(inRange);
  });

  it('reads carets, tildes, alternatives and partial versions; says when it cannot read a range', () => {
    const at = (version: string, r: string) => nodeVersionInRange(parseNodeVersion(version) ?? [0, 0, 0], r);
    expect(at('v18.2.0', '^18.1 || >=20')).toBe(true);
    expect(at('v19.0.0', '^18.1 || >=20')).toBe(false);
    expect(at('v20.11.5', '~20.11')).toBe(true);
    expect(at('v20.12.0', '~20.11')).toBe(false);
    expect(at('v20.0.0', '>19')).toBe(true);
    expect(at('v19.9.0', '>19')).toBe(false);
    expect(at('v20.9.0', '<=20')).toBe(true);
    expect(at('v21.0.0', '<=20')).toBe(false);
    expect(at('v20.11.1', '20.11.1')).toBe(true);
    expect(at('v20.11.2', '20.11.1')).toBe(false);
    expect(at('v20.0.0', '>=20.0.0-rc.1')).toBeUndefined();
    expect(at('v20.0.0', '20.x')).toBeUndefined();
    expect(parseNodeVersion('not a version')).toBeUndefined();
  });

  it("this package's own range is one it reads", () => {
    const pkg = thisPackage();
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(pkg.nodeRange).toBeDefined();
    expect(nodeVersionInRange(parseNodeVersion(process.version) ?? [0, 0, 0], pkg.nodeRange ?? '')).toBe(true);
  });
});

describe('what a host lacks', () => {
  const target: HostTarget = { name: 'build1', entry: { ssh: 'me@build1', tessera: 'tessera', server: '' }, sshCommand: ['ssh'], controlDir: undefined, env: {} };
  const pkg = { dir: '/pkg', version: '0.1.0', nodeRange: '>=20.11 <25' };
  const facts = (map: Record<string, string>) => hostFacts(new Map(Object.entries(map)));

  it('nothing when node (in range) and npm are there', () => {
    expect(whatHostLacks(target, facts({ node: '/usr/bin/node', 'node-version': 'v22.1.0', npm: '/usr/bin/npm', 'npm-version': '10.0.0' }), pkg)).toBeUndefined();
  });

  it('node, then a Node in range, then npm, each with what to do', () => {
    expect(whatHostLacks(target, facts({ npm: '/usr/bin/npm' }), pkg)).toMatch(/^build1: no node on the PATH ssh commands get there; install Node\.js \(>=20\.11 <25\) there, or put its folder on that PATH \(ssh me@build1 'echo \$PATH' shows that PATH; .*\)$/);
    expect(whatHostLacks(target, facts({ node: '/usr/bin/node', 'node-version': 'v18.19.1', npm: '/usr/bin/npm' }), pkg)).toMatch(/^build1: its node is v18\.19\.1 \(\/usr\/bin\/node\), and tessera 0\.1\.0 needs Node >=20\.11 <25; install such a Node there/);
    expect(whatHostLacks(target, facts({ node: '/usr/bin/node', 'node-version': 'Segmentation fault' }), pkg)).toMatch(/its node \(\/usr\/bin\/node\) says 'Segmentation fault', not a version/);
    expect(whatHostLacks(target, facts({ node: '/usr/bin/node', 'node-version': 'v20.11.1' }), pkg)).toMatch(/^build1: no npm on the PATH ssh commands get there \(node v20\.11\.1 is: \/usr\/bin\/node\); install npm there/);
  });

  it("shows a host's text as one plain line", () => {
    const odd = facts({ node: '/usr/bin/node', 'node-version': 'v20.11.1\x1b]0;pwned\x07', npm: '/x', 'npm-version': '1' });
    expect(odd.node?.version).toBe('v20.11.1 ]0;pwned');
  });
});

describe('installed, but not what tessera -H runs', () => {
  const target: HostTarget = { name: 'gpu', entry: { ssh: 'gpu-box', tessera: 'tessera', server: 'work' }, sshCommand: ['ssh'], controlDir: undefined, env: {} };
  it('names the setting that reaches it (keeping the server), or the PATH for a path the setting cannot hold', () => {
    const missing = new HostLinkError('gpu', 'not-installed', 'no tessera there (bash: tessera: command not found)', '');
    expect(notReached(target, '/home/me/.local/bin/tessera', 'tessera 0.1.0 (protocol 2)', missing)).toBe(
      `gpu: tessera 0.1.0 (protocol 2) is installed there (/home/me/.local/bin/tessera), but 'tessera -H gpu' runs 'tessera' there, which is not found (no tessera there (bash: tessera: command not found)); set "hosts": { "gpu": { "ssh": "gpu-box", "tessera": "/home/me/.local/bin/tessera", "server": "work" } } in the settings, or put /home/me/.local/bin on the PATH ssh commands get there`,
    );
    const older = new HostLinkError('gpu', 'version-mismatch', 'it runs tessera 0.0.9 (protocol 1), this is tessera 0.1.0 (protocol 2)', '');
    expect(notReached(target, '/opt/my tools/bin/tessera', 'tessera 0.1.0 (protocol 2)', older)).toMatch(/which is another version \(it runs tessera 0\.0\.9.*\); put \/opt\/my tools\/bin on the PATH ssh commands get there \(the hosts setting takes a path without spaces\)$/);
  });
});

it('an install without --prefix goes where the tessera setting DIR/bin/tessera looks', () => {
  expect(prefixOfSetting('~/.local/bin/tessera')).toBe('~/.local');
  expect(prefixOfSetting('/usr/local/bin/tessera')).toBe('/usr/local');
  expect(prefixOfSetting('/home/me/.nvm/versions/node/v20.11.1/bin/tessera')).toBe('/home/me/.nvm/versions/node/v20.11.1');
  expect(prefixOfSetting('~/bin/tessera')).toBe('~/');
  expect(prefixOfSetting('tessera')).toBeUndefined();
  expect(prefixOfSetting('/opt/tessera/tessera')).toBeUndefined();
  expect(prefixOfSetting('bin/tessera')).toBeUndefined();
});
