// The scripts `tessera host install` runs on a host, run here for real: the command line ssh would
// hand the host's login shell (sh, bash, zsh, fish) run by that shell, with a node and an npm that
// record what they were given. Text from outside (a prefix with a space and a quote, the tessera
// setting) must arrive as one argument, never as shell code.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECK_SCRIPT, INSTALL_SCRIPT, scriptFacts } from '../../../src/remote/install/hostScripts.js';
import { sshScriptInvocation, type HostTarget } from '../../../src/remote/sshCommand.js';

const target: HostTarget = { name: 'build1', entry: { ssh: 'build1', tessera: 'tessera', server: '' }, sshCommand: ['ssh'], controlDir: undefined, env: {} };
const SHELLS = ['/bin/sh', '/bin/bash', '/usr/bin/zsh', '/usr/bin/fish'].filter((shell) => fs.existsSync(shell));
/** What a prefix from outside may hold: a space, quotes, a $ and a ; (each would be code to a careless script). */
const AWKWARD = "it's a $(touch pwned); prefix";

/** All the host needs besides node and npm: the scripts' PATH holds these and nothing else (no node, no npm of this machine). */
const TOOLS = ['sh', 'mktemp', 'cat', 'wc', 'rm', 'mkdir', 'cp', 'chmod'];

let root: string;
let bin: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-hostscripts-')));
  bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  fs.mkdirSync(path.join(root, 'tools'));
  for (const name of TOOLS) fs.symlinkSync(execFileSync('/bin/sh', ['-c', `command -v ${name}`]).toString().trim(), path.join(root, 'tools', name));
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'tmp'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function tool(name: string, body: string): void {
  fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

/** A node of this version, and an npm that records its arguments and the package it got, then installs a tessera into its prefix. */
function fakeNodeAndNpm(): void {
  tool('node', "echo v20.11.1");
  tool(
    'npm',
    [
      `if [ "$1" = --version ]; then echo 10.2.4; exit 0; fi`,
      `if [ "$1" = prefix ]; then echo "${root}/global"; exit 0; fi`,
      `for a in "$@"; do printf '%s\\n' "$a"; done > "${root}/npm-args"`,
      `for a in "$@"; do last="$a"; done; cp "$last" "${root}/received.tgz"`,
      `p="${root}/global"; while [ $# -gt 0 ]; do if [ "$1" = --prefix ]; then p="$2"; fi; shift; done`,
      'mkdir -p "$p/bin" && printf \'#!/bin/sh\\necho "tessera 0.1.0 (protocol 7)"\\n\' > "$p/bin/tessera" && chmod +x "$p/bin/tessera"',
      'echo "added 3 packages in 1s"',
    ].join('\n'),
  );
}

/** Runs the script as ssh would on the host: its login shell gets the one command line. */
function runThere(shell: string, script: string, args: string[], input?: Buffer): { facts: Map<string, string>; stdout: string; stderr: string; status: number | null } {
  const line = sshScriptInvocation(target, script, args).args.at(-1) as string;
  const result = spawnSync(shell, ['-c', line], { cwd: root, input, env: { PATH: `${bin}:${path.join(root, 'tools')}`, HOME: path.join(root, 'home'), TMPDIR: path.join(root, 'tmp') } });
  const stdout = result.stdout.toString();
  return { facts: scriptFacts(stdout.split('\n')), stdout, stderr: result.stderr.toString(), status: result.status };
}

describe.each(SHELLS)("the host's scripts through %s", (shell) => {
  it('check: says node and npm and the tessera at the prefix, the prefix kept as one word', () => {
    fakeNodeAndNpm();
    const prefix = path.join(root, AWKWARD);
    fs.mkdirSync(path.join(prefix, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(prefix, 'bin', 'tessera'), '#!/bin/sh\necho "tessera 0.0.9 (protocol 6)"\n', { mode: 0o755 });
    const { facts, status } = runThere(shell, CHECK_SCRIPT, ['tessera', prefix]);
    expect(status).toBe(0);
    expect(Object.fromEntries(facts)).toEqual({
      node: path.join(bin, 'node'),
      'node-version': 'v20.11.1',
      npm: path.join(bin, 'npm'),
      'npm-version': '10.2.4',
      tessera: path.join(prefix, 'bin', 'tessera'),
      'tessera-version': 'tessera 0.0.9 (protocol 6)',
      end: '1',
    });
    expect(fs.existsSync(path.join(root, 'pwned'))).toBe(false);
  });

  it('check: no npm, and no tessera at the setting (~/ is the home there)', () => {
    tool('node', 'echo v20.11.1');
    const { facts } = runThere(shell, CHECK_SCRIPT, ['~/.local/bin/tessera', '']);
    expect(facts.get('node')).toBe(path.join(bin, 'node'));
    expect(facts.has('npm')).toBe(false);
    expect(facts.get('tessera-missing')).toBe(path.join(root, 'home', '.local/bin/tessera'));
    expect(facts.get('end')).toBe('1');
  });

  it('install: the package from stdin reaches npm whole, with the prefix as one argument; the copy is removed', () => {
    fakeNodeAndNpm();
    const tarball = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const prefix = path.join(root, AWKWARD);
    const { facts, status, stderr } = runThere(shell, INSTALL_SCRIPT, [prefix, String(tarball.length)], tarball);
    expect(status, stderr).toBe(0);
    expect(fs.readFileSync(path.join(root, 'received.tgz')).equals(tarball)).toBe(true);
    const npmArgs = fs.readFileSync(path.join(root, 'npm-args'), 'utf8').trim().split('\n');
    expect(npmArgs.slice(0, 2)).toEqual(['install', '--global']);
    expect(npmArgs[npmArgs.indexOf('--prefix') + 1]).toBe(prefix);
    expect(facts.get('copied')).toBe(String(tarball.length));
    expect(facts.get('bin')).toBe(path.join(prefix, 'bin', 'tessera'));
    expect(facts.get('version')).toBe('tessera 0.1.0 (protocol 7)');
    expect(facts.get('removed')).toBe(facts.get('temp'));
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
    expect(stderr).toContain('added 3 packages');
    expect(fs.existsSync(path.join(root, 'pwned'))).toBe(false);
  });

  it("install: without --prefix npm's global folder, ~/ the home there; a package cut short is not installed and its copy is removed", () => {
    fakeNodeAndNpm();
    const global = runThere(shell, INSTALL_SCRIPT, ['', '5'], Buffer.from('12345'));
    expect(global.facts.get('bin')).toBe(path.join(root, 'global', 'bin', 'tessera'));
    expect(fs.readFileSync(path.join(root, 'npm-args'), 'utf8')).not.toContain('--prefix');
    const home = runThere(shell, INSTALL_SCRIPT, ["~/it's mine", '5'], Buffer.from('12345'));
    expect(home.facts.get('bin')).toBe(path.join(root, 'home', "it's mine", 'bin', 'tessera'));
    fs.rmSync(path.join(root, 'npm-args'));
    const cut = runThere(shell, INSTALL_SCRIPT, ['', '6'], Buffer.from('12345'));
    expect(cut.status).toBe(1);
    expect(cut.facts.get('failed')).toBe('copy');
    expect(fs.existsSync(path.join(root, 'npm-args'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('install: npm failing is said, and the copy is removed', () => {
    tool('npm', 'echo "npm error code EACCES" >&2; exit 243');
    const failed = runThere(shell, INSTALL_SCRIPT, ['', '5'], Buffer.from('12345'));
    expect(failed.status).toBe(1);
    expect(failed.facts.get('failed')).toBe('npm');
    expect(failed.stderr).toContain('npm error code EACCES');
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });
});

it('the scripts are one line (a csh-family login shell refuses a quoted newline)', () => {
  expect(CHECK_SCRIPT).not.toContain('\n');
  expect(INSTALL_SCRIPT).not.toContain('\n');
  expect(execFileSync('/bin/sh', ['-n', '-c', INSTALL_SCRIPT]).toString()).toBe('');
});
