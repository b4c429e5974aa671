// The package installs into a fresh prefix and works there: from the tarball `npm pack` makes, and
// from a git URL. What is installed is a user's: only Node and npm, its own prefix, no checkout.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/outerTerminal.js';

/** npm fetches the dependencies (from its cache when it can): generous for a loaded machine. */
const INSTALL_TIMEOUT_MS = 480_000;
const WHAT_SHIPS = /^(bin\/|dist\/|docs\/|README\.md$|LICENSE$|SECURITY\.md$|CHANGELOG\.md$|package\.json$)/;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function run(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: options.cwd, env: options.env ?? process.env, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function ok(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const result = await run(file, args, options);
  if (result.code !== 0) {
    // npm repeats a harmless tar warning by the hundred; what went wrong is in the other lines.
    const said = result.stderr.split('\n').filter((line) => !line.includes('TAR_ENTRY_ERROR'));
    throw new Error(`${path.basename(file)} ${args.join(' ')} failed (${result.code}):\n${said.slice(-60).join('\n')}`);
  }
  return result.stdout;
}

function scratch(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-package-')));
  roots.push(root);
  return root;
}

/** Runs the installed tessera as a user would: its own config, state, workspaces and socket dir. */
async function useInstalled(prefix: string, root: string): Promise<void> {
  const tessera = path.join(prefix, 'bin', 'tessera');
  expect(fs.existsSync(tessera)).toBe(true);
  const env = {
    PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`,
    HOME: root,
    SHELL: '/bin/sh',
    TESSERA_CONFIG_DIR: path.join(root, 'config'),
    TESSERA_STATE_DIR: path.join(root, 'state'),
    TESSERA_WORKSPACE_ROOT: path.join(root, 'workspaces'),
    TESSERA_TMPDIR: path.join(root, 'tmp'),
  };
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(await ok('tessera', ['--version'], { env })).toMatch(new RegExp(`^tessera ${pkg.version.replace(/\./g, '\\.')} \\(protocol \\d+\\)\\n$`));
  const project = path.join(root, 'project');
  fs.mkdirSync(project);
  try {
    expect(await ok('tessera', ['new', '-d', '-s', 'installed', '-c', project], { env })).toBe('installed\n');
    expect(await ok('tessera', ['ls'], { env })).toMatch(/^installed: open 1 pane /);
    const panes = JSON.parse(await ok('tessera', ['list-panes', '--json'], { env })) as { command: string }[];
    expect(panes).toHaveLength(1);
    expect(await ok('tessera', ['help', 'agents'], { env })).toMatch(/^# Agents/); // the manual ships with it
  } finally {
    await run('tessera', ['kill-server'], { env });
  }
}

describe('the package', () => {
  it('packs only what it ships, and the tarball installs into an empty prefix as a working tessera', async () => {
    const root = scratch();
    // --ignore-scripts: pack the build npm test made, without rebuilding dist/ under the other tests' feet.
    const packed = JSON.parse(await ok('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', root], { cwd: REPO_ROOT })) as { filename: string; files: { path: string }[] }[];
    const files = packed[0].files.map((f) => f.path);
    expect(files.filter((f) => !WHAT_SHIPS.test(f))).toEqual([]);
    expect(files).toContain('dist/server/server.cjs');
    expect(files).toContain('dist/shell/scripts/bash-integration.bash');
    expect(files.some((f) => f.startsWith('dist/cache/'))).toBe(false);
    const prefix = path.join(root, 'prefix');
    await ok('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', path.join(root, packed[0].filename)]);
    await useInstalled(prefix, root);
  }, INSTALL_TIMEOUT_MS + 60_000);

  it('installs from a git URL through npm pack (built on the way)', async () => {
    const root = scratch();
    // A clone of what is committed, as a remote repository would give it.
    const source = path.join(root, 'source.git');
    await ok('git', ['clone', '--quiet', '--bare', REPO_ROOT, source]);
    // npm pack of a git URL clones it, installs its build tools there and runs prepare (the build);
    // `npm install -g git+URL` itself cannot build a package (an npm bug; the README says so).
    const tarball = (await ok('npm', ['pack', '--silent', '--prefer-offline', '--pack-destination', root, `git+file://${source}`], { cwd: root })).trim().split('\n').at(-1) ?? '';
    const prefix = path.join(root, 'prefix');
    await ok('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', path.join(root, tarball)]);
    await useInstalled(prefix, root);
  }, 2 * INSTALL_TIMEOUT_MS + 60_000);
});
