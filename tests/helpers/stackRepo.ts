// A repository with a stack profile for end-to-end tests of workspace stacks: a service that is a few
// lines of Node serving HTTP on TESSERA_PORT_WEB, a health check that asks it, worktree workspaces of
// it, and the clean-up of whatever a test left running (services outlive the server by design).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readProcStat } from '../../src/pty/procStat.js';
import type { TesseraSandbox } from './outerTerminal.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

export const SERVER_JS = `const http = require('node:http');
const port = Number(process.env.TESSERA_PORT_WEB);
http.createServer((req, res) => res.end(process.env.TESSERA_WORKSPACE + ' ' + port + ' slot ' + process.env.TESSERA_SLOT + ' git ' + (process.env.GIT_DIR ?? 'none') + '\\n')).listen(port, '127.0.0.1', () => console.log('listening on ' + port));
`;
const HEALTH_JS = `const port = process.env.TESSERA_PORT_WEB;
require('node:http').get('http://127.0.0.1:' + port + '/', (res) => process.exit(res.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1));
`;

/** A base no other test uses at the same time (ports are base + slot + 100 × step). */
export const randomPortBase = (): number => 20_000 + 1000 * Math.floor(Math.random() * 40);

/** The repository `repo` with server.cjs, health.cjs, `files` (executable) and a .tessera.json holding `stack`, committed. */
export function makeStackRepo(repo: string, stack: Record<string, unknown>, files: Record<string, string> = {}): void {
  fs.mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  fs.writeFileSync(path.join(repo, 'server.cjs'), SERVER_JS);
  fs.writeFileSync(path.join(repo, 'health.cjs'), HEALTH_JS);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(repo, name), text, { mode: 0o755 });
  fs.writeFileSync(path.join(repo, '.tessera.json'), JSON.stringify({ stack }));
  execFileSync('git', ['-C', repo, 'add', '.']);
  execFileSync('git', ['-C', repo, 'commit', '-q', '-m', 'app'], { env: GIT_ENV });
}

/** A profile with the web service on port base + slot and its health check. */
export const webStack = (base: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ports: { web: base },
  services: { web: { command: 'node server.cjs', port: 'web' } },
  hooks: { health: 'node health.cjs' },
  healthTimeoutSeconds: 20,
  ...extra,
});

/** A worktree workspace of `repo` named `name` (detached); returns its folder. */
export async function stackWorktree(sandbox: TesseraSandbox, repo: string, name: string): Promise<string> {
  await sandbox.cliOk(['new', '-d', '-s', name, '--worktree'], { cwd: repo });
  return path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), path.basename(repo), name);
}

/** The stack folder of workspace `name` under the sandbox's server state. */
export const stackDir = (sandbox: TesseraSandbox, name: string): string => path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'stacks', name);

/** Ends whatever a test left running from its pid files (the stack outlives the server by design). */
export function endStacks(sandbox: TesseraSandbox): void {
  const stacks = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'stacks');
  if (!fs.existsSync(stacks)) return;
  for (const ws of fs.readdirSync(stacks)) {
    const pids = path.join(stacks, ws, 'pids');
    if (!fs.existsSync(pids)) continue;
    for (const file of fs.readdirSync(pids)) {
      const { pid, startTime } = JSON.parse(fs.readFileSync(path.join(pids, file), 'utf8')) as { pid: number; startTime: number };
      if (readProcStat(pid)?.startTime !== startTime) continue;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
}
