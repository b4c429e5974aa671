// A real sshd for the tests of other machines: started on a free local port with a host key and a
// client key made for it, a config of its own (nothing of the system's is read or changed), run as
// the current user. Each "host" is an alias of a client config (ssh -F) that reaches this one sshd
// with its own TESSERA_* directories (sent with SetEnv, accepted with AcceptEnv), so every alias
// has a tessera server of its own. The remote side finds tessera (this worktree's) on the PATH the
// sshd sets; SHLVL=1 keeps bash from reading the user's .bashrc for ssh commands (a slow one would
// slow every link, and it is not the code under test).

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TESSERA_BIN, isAlive } from './outerTerminal.js';

const SSHD_CANDIDATES = ['/usr/sbin/sshd', '/usr/local/sbin/sshd'];
/** How long sshd gets to accept its first login (a loaded machine is slow to start it). */
const START_TIMEOUT_MS = 30_000;
const POLL_MS = 50;

/** Why these tests cannot run here (no sshd, no ssh-keygen), or undefined when they can. */
export function sshdSkipReason(): string | undefined {
  if (findSshd() === undefined) {
    return "sshd is not installed: 'npm test' installs openssh-server when run as root (scripts/ensure-test-tools.sh); else: sudo apt-get install openssh-server";
  }
  for (const tool of ['ssh', 'ssh-keygen']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `${tool} is not installed (apt-get install openssh-client)`;
    }
  }
  // As root, sshd wants its privilege-separation directory (the system's service makes it at boot).
  if (process.getuid?.() === 0 && !fs.existsSync('/run/sshd')) {
    try {
      fs.mkdirSync('/run/sshd', { mode: 0o755 });
    } catch (error) {
      return `sshd needs /run/sshd, which cannot be made: ${(error as Error).message}`;
    }
  }
  return undefined;
}

function findSshd(): string | undefined {
  return SSHD_CANDIDATES.find((file) => fs.existsSync(file));
}

export interface TestHost {
  alias: string;
  /** The TESSERA_* directories the host's tessera uses (its server's socket, state, settings). */
  env: Record<string, string>;
}

export class TestSshd {
  private constructor(
    readonly root: string,
    /** The client config: `ssh -F configFile ALIAS`. */
    readonly configFile: string,
    readonly hosts: Record<string, TestHost>,
    private readonly sshd: ChildProcess,
    readonly port: number,
  ) {}

  /**
   * Starts sshd under `root` with one alias per name. `path`: the PATH its sessions get instead of
   * the usual one (this worktree's tessera, node, the system's folders), for a host that lacks some.
   */
  static async start(root: string, aliases: string[], options: { path?: string[] } = {}): Promise<TestSshd> {
    const dir = path.join(root, 'sshd');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const key = (name: string) => {
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', `tessera-test-${name}`, '-f', path.join(dir, name)]);
      return path.join(dir, name);
    };
    const hostKey = key('host_key');
    const clientKey = key('client_key');
    fs.copyFileSync(`${clientKey}.pub`, path.join(dir, 'authorized_keys'));
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    fs.symlinkSync(TESSERA_BIN, path.join(bin, 'tessera'));

    let lastError = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      fs.writeFileSync(path.join(dir, 'sshd_config'), sshdConfig(dir, hostKey, port, options.path ?? [bin, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin']));
      fs.writeFileSync(path.join(dir, 'known_hosts'), `[127.0.0.1]:${port} ${fs.readFileSync(`${hostKey}.pub`, 'utf8').split(' ').slice(0, 2).join(' ')}\n`);
      const hosts: Record<string, TestHost> = {};
      for (const alias of aliases) hosts[alias] = { alias, env: hostEnv(root, alias) };
      const configFile = path.join(dir, 'ssh_config');
      fs.writeFileSync(configFile, clientConfig(dir, clientKey, port, Object.values(hosts)));
      const sshd = spawn(findSshd() as string, ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
      let log = '';
      sshd.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const server = new TestSshd(root, configFile, hosts, sshd, port);
      if (await server.acceptsLogins(aliases[0], () => sshd.exitCode !== null)) return server;
      lastError = log.trim() || `sshd exited with ${sshd.exitCode}`;
      await server.stop();
    }
    throw new Error(`the test sshd did not start: ${lastError}`);
  }

  /** Another alias of the same sshd, with its own client options (a key sshd does not know, no known host key). */
  addAlias(alias: string, options: string[]): void {
    const port = `  Port ${this.port}`;
    fs.appendFileSync(this.configFile, ['', `Host ${alias}`, '  HostName 127.0.0.1', port, `  User ${os.userInfo().username}`, '  LogLevel ERROR', ...options.map((o) => `  ${o}`), ''].join('\n'));
  }

  /** ssh's arguments for one alias (config, alias), as a user's `ssh build1` would be. */
  sshArgs(alias: string): string[] {
    return ['-F', this.configFile, alias];
  }

  private async acceptsLogins(alias: string, gone: () => boolean): Promise<boolean> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline && !gone()) {
      try {
        execFileSync('ssh', ['-o', 'BatchMode=yes', ...this.sshArgs(alias), 'true'], { stdio: 'ignore', timeout: START_TIMEOUT_MS });
        return true;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
    return false;
  }

  /** Ends sshd, its sessions, and the shared ssh connections (ControlMaster) the tests' ssh left behind. */
  async stop(): Promise<void> {
    const pids = [this.sshd.pid, ...processesWith(this.configFile), ...sshMasters(this.root)].filter((pid): pid is number => pid !== undefined);
    try {
      if (this.sshd.pid !== undefined) process.kill(-this.sshd.pid, 'SIGTERM');
    } catch {
      // gone already
    }
    for (const pid of pids) signal(pid, 'SIGTERM');
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (pids.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    for (const pid of pids.filter(isAlive)) signal(pid, 'SIGKILL');
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

/** Pids of processes whose command line names `file` (the ssh clients and masters of this test's config). */
export function processesWith(file: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(file)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Shared ssh connections whose socket lies under `root`: a master renames itself `ssh: PATH [mux]`. */
function sshMasters(root: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (args.startsWith('ssh: ') && args.includes(`${root}/`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function hostEnv(root: string, alias: string): Record<string, string> {
  const base = path.join(root, 'hosts', alias);
  const env = {
    TESSERA_TMPDIR: path.join(base, 'run'),
    TESSERA_STATE_DIR: path.join(base, 'state'),
    TESSERA_CONFIG_DIR: path.join(base, 'config'),
    TESSERA_WORKSPACE_ROOT: path.join(base, 'workspaces'),
  };
  fs.mkdirSync(env.TESSERA_CONFIG_DIR, { recursive: true });
  // Panes there run sh: the user's own shell would read their .bashrc (not the code under test).
  fs.writeFileSync(path.join(env.TESSERA_CONFIG_DIR, 'config.json'), JSON.stringify({ defaultShell: '/bin/sh' }));
  return env;
}

function sshdConfig(dir: string, hostKey: string, port: number, sessionPath: string[]): string {
  const pathValue = sessionPath.join(':');
  return [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${hostKey}`,
    `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
    `PidFile ${path.join(dir, 'sshd.pid')}`,
    // The test's files live in a temporary directory whose modes sshd's owner checks would refuse.
    'StrictModes no',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    'PermitRootLogin prohibit-password',
    'PrintMotd no',
    'AcceptEnv TESSERA_*',
    `SetEnv PATH=${pathValue} SHLVL=1 LANG=C.UTF-8`,
    'LogLevel ERROR',
    '',
  ].join('\n');
}

function clientConfig(dir: string, clientKey: string, port: number, hosts: TestHost[]): string {
  const user = os.userInfo().username;
  return hosts
    .map((host) =>
      [
        `Host ${host.alias}`,
        '  HostName 127.0.0.1',
        `  Port ${port}`,
        `  User ${user}`,
        `  IdentityFile ${clientKey}`,
        '  IdentitiesOnly yes',
        `  UserKnownHostsFile ${path.join(dir, 'known_hosts')}`,
        '  GlobalKnownHostsFile /dev/null',
        '  StrictHostKeyChecking yes',
        '  LogLevel ERROR',
        `  SetEnv ${Object.entries(host.env)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')}`,
        '',
      ].join('\n'),
    )
    .join('\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

